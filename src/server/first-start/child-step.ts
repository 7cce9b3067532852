// A first start's one-off heavy step (the client build, a new PGlite database's set-up) runs in a
// child process and is waited for: what it loads and the memory it grows leave with it, and the server
// keeps only what a restart would have. Its output goes to the server's console as it comes.
import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root: vite.config.ts and node_modules are there. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** A step that did not finish; its message is all the user needs (the step's own output is above it). */
export class StartStepFailed extends Error {
  override name = 'StartStepFailed';
}

export interface ChildStep {
  /** What the step does, as the failure message names it: 'The client build (vite build)'. */
  what: string;
  /** node's arguments: a script and its own. */
  args: string[];
  env?: NodeJS.ProcessEnv;
  /** Checked once the step exits 0; a string says what is missing. */
  check?: () => string | undefined;
  /** What the user can do about a failure, after the message. */
  hint?: string;
}

/** The server's own node flags (tsx's loader, so a step may be a .ts file), without the debugger's. */
export const nodeFlags = () => process.execArgv.filter((flag) => !flag.startsWith('--inspect'));

/** Runs `node <args>` from the project root and waits; rejects with StartStepFailed when it fails or is stopped. */
export function runChildStep({ what, args, env = process.env, check, hint }: ChildStep): Promise<void> {
  // A server signalled to stop during the step stops the step too. Listening before the spawn: a
  // signal while spawn() waits for the child's exec would otherwise end the server and leave the child.
  const running: { child?: ChildProcess } = {};
  const stop = (signal: NodeJS.Signals) => running.child?.kill(signal);
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const started = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
  running.child = started;
  return new Promise<void>((done, fail) => {
    const settle = (failure?: string) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      if (failure) fail(new StartStepFailed(`${what} ${failure}; its output is above.${hint ? ` ${hint}` : ''}`));
      else done();
    };
    started.once('error', (err) => settle(`could not start (${err.message})`));
    started.once('exit', (code, signal) => {
      if (signal) return settle(`was stopped by ${signal}`);
      if (code !== 0) return settle(`failed with exit code ${code}`);
      settle(check?.());
    });
  });
}
