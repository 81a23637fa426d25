/**
 * `npm run simulate -- --customers N --rate R [--url U] [--org 100] [--va 1] [--wait S]`: drives N
 * customers through the web chat's protocol (the '/widget' socket.io namespace) against a running
 * platform, R started per second, and prints progress and a summary in Spanish. Exit code 0 when
 * every customer went through without error, 1 otherwise, 2 on a usage error.
 */
import { pathToFileURL } from 'node:url';
import { parseSimulateArgs, USAGE, UsageError } from './simulate/args';
import { runSimulation } from './simulate/run';

export { parseSimulateArgs, UsageError, USAGE } from './simulate/args';
export { runSimulation, summaryText, type SimulationOptions, type SimulationSummary } from './simulate/run';

async function main(argv: readonly string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  let args;
  try {
    args = parseSimulateArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`Error: ${error.message}`);
    console.error(USAGE);
    return 2;
  }
  const summary = await runSimulation(args);
  return summary.errors === 0 ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error('La simulación falló:', error instanceof Error ? error.message : error);
      process.exit(1);
    }
  );
}
