import { readFile } from 'node:fs/promises';

const text = await readFile('/nonexistent/errdex/data.txt', 'utf8');
console.log(text);
