import { ConfigError, parseConfig, USAGE } from './config';
import { listen } from './platform';

/** `npm run server -- [--port N] [--host H] [--memory | --data-dir D]` */
async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return;
  }
  const config = parseConfig(argv, process.env);
  const platform = await listen(config);
  console.log(`Plataforma Atiende escuchando en ${platform.url}`);

  const stop = (signal: NodeJS.Signals): void => {
    platform.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`Error al cerrar la plataforma (${signal}):`, error);
        process.exit(1);
      }
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
    console.error(USAGE);
    process.exit(2);
  }
  console.error('No fue posible iniciar la plataforma:', error);
  process.exit(1);
});
