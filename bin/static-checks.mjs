#!/usr/bin/env node
// `npm test`'s type check and lint, side by side: each is mostly one thread, so on two cores
// together they take as long as the slower of them. Either failing fails the run.
import { spawn } from 'node:child_process';

const run = (command, args) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', shell: false });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });

const bin = (name) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;
const codes = await Promise.all([run(bin('tsc'), ['--noEmit']), run(bin('eslint'), ['.'])]);
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
