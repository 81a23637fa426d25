/**
 * The npm scripts' steps (`npm start`, `npm run dist`): one command after another, from the
 * project's root with its local tools on PATH, ending as the step ended.
 */
import { spawn, type StdioOptions } from 'node:child_process';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** How a step ended: its exit code, or the signal that ended it. */
export type Ending = { code: number } | { signal: NodeJS.Signals };

/** What becomes of a step's output: the terminal's, nothing, or the terminal's and kept (to read a failure's cause). */
export type StepOutput = 'inherit' | 'quiet' | 'tee';

/** Runs one step with the terminal's input, from the project's root, with its local tools on PATH. */
export function runStep([command, ...args]: readonly string[], extra: readonly string[] = [], output: StepOutput = 'inherit'): Promise<{ ending: Ending; text: string }> {
  const env = { ...process.env, PATH: [join(root, 'node_modules', '.bin'), process.env.PATH ?? ''].join(delimiter) };
  const stdio: StdioOptions = output === 'quiet' ? ['inherit', 'ignore', 'ignore'] : output === 'tee' ? ['inherit', 'pipe', 'pipe'] : 'inherit';
  const child = spawn(command!, [...args, ...extra], { cwd: root, env, stdio, shell: process.platform === 'win32' });
  let text = '';
  if (output === 'tee') {
    child.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      process.stdout.write(chunk);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      process.stderr.write(chunk);
    });
  }
  // Ctrl+C reaches the whole terminal group, the step included: this process waits for the step to end.
  const ignore = () => undefined;
  // A SIGTERM meant for the script alone (npm passes its own on) is passed on to the step.
  const terminate = () => child.kill('SIGTERM');
  process.on('SIGINT', ignore);
  process.on('SIGTERM', terminate);
  return new Promise((done) => {
    const finish = (ending: Ending) => {
      process.off('SIGINT', ignore);
      process.off('SIGTERM', terminate);
      done({ ending, text });
    };
    child.once('error', (error) => {
      console.error(`No fue posible ejecutar ${command}: ${error.message}`);
      finish({ code: 1 });
    });
    child.once('close', (code, signal) => finish(signal ? { signal } : { code: code ?? 1 }));
  });
}

/** The steps one after the other while each succeeds (`a && b`); `extra` goes to the last. */
export async function runSteps(steps: readonly (readonly string[])[], extra: readonly string[], output: StepOutput = 'inherit'): Promise<{ ending: Ending; text: string }> {
  let last: { ending: Ending; text: string } = { ending: { code: 0 }, text: '' };
  for (const [i, step] of steps.entries()) {
    last = await runStep(step, i === steps.length - 1 ? extra : [], output);
    if (!('code' in last.ending) || last.ending.code !== 0) return last;
  }
  return last;
}

/** Ends this process as the step ended, so npm reports the same as it did for the step itself. */
export function endAs(ending: Ending): void {
  if ('signal' in ending) process.kill(process.pid, ending.signal);
  else process.exitCode = ending.code;
}
