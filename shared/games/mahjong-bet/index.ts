export * from './tiles';
export * from './engine';
