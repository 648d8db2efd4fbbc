/**
 * Runs the npm scripts named on the command line at the same time (lint and the type check are
 * one core each) and exits with the first failure's code once all have ended. Each script's
 * output is printed whole when it ends, so the two never interleave.
 */
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
const runs = names.map(
  (name) =>
    new Promise((resolve) => {
      const started = Date.now();
      const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('close', (code) => {
        const seconds = ((Date.now() - started) / 1000).toFixed(0);
        process.stdout.write(`\n> npm run ${name}: exit ${code} in ${seconds} s\n${output}`);
        resolve(code ?? 1);
      });
    }),
);
const codes = await Promise.all(runs);
process.exit(codes.find((code) => code !== 0) ?? 0);
