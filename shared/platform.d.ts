/**
 * The few globals the rules package may use: they exist alike in Workers, browsers and
 * Node, but not in the plain ES library types this package is checked against.
 */
declare function structuredClone<T>(value: T): T;
