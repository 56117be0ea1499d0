export * from './tiles';
export * from './engine';
export * from './replay';
export * from './hint';
