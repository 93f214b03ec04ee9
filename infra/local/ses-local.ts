/**
 * The SES v2-compatible server (aws-ses-v2-local, in process). It keeps sent mail in memory and shows
 * it at its root page; `GET /store` returns it as JSON. Templates live in memory, so the bootstrap
 * creates them at every start.
 */
import sesModule from 'aws-ses-v2-local';

// A CommonJS module whose default export arrives wrapped when imported from ESM.
const sesServer = ((sesModule as unknown as { default?: typeof sesModule }).default ?? sesModule) as typeof sesModule;
import { HOST } from './processes.ts';

export async function startSesLocal(port: number): Promise<{ endpoint: string; stop(): Promise<void> }> {
  const server = await sesServer({ host: HOST, port });
  return {
    endpoint: `http://${HOST}:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
