export * from './error.mjs';
