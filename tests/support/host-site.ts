import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { embedSnippet } from '../../src/shared/widget-embed';

/**
 * A company's plain website for the embedded widget (issue 40): a static HTTP server on a free port,
 * reached as http://localhost:PORT — another site than the platform's http://127.0.0.1:PORT, so the
 * widget's frame is a cross-site, storage-partitioned third party as on a real site. Its pages carry
 * the host-page CSP docs/widget-embed.md asks for, and nothing more, so the documented directives
 * are the ones under test.
 *
 * - `/` and `/pagina-2`: two pages of the site with the snippet (`?open=proactive` adds data-open);
 * - `/marco` (baseline for the bench): the same widget page as a bare iframe in the HTML;
 * - `/marco-boton` (baseline): a button that adds that bare iframe when clicked.
 */
export interface HostSite {
  url: string;
  close(): Promise<void>;
}

const page = (title: string, body: string) => `<!doctype html>
<html lang="es-CO">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body>
<header><a href="/">Inicio</a> · <a href="/pagina-2">Página 2</a></header>
<main><h1>${title}</h1>
${body}
</main>
</body>
</html>`;

export async function startHostSite(platformUrl: string): Promise<HostSite> {
  const platform = new URL(platformUrl).origin;
  const widgetPage = `${platform}/widget?org=100&va=1&embed=1`;
  const csp = [`default-src 'self'`, `script-src 'self' ${platform}`, `connect-src 'self' ${platform}`, `frame-src ${platform}`, "style-src 'self'", "img-src 'self'", "object-src 'none'", "base-uri 'none'"].join('; ');
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const send = (html: string) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': csp, 'cache-control': 'no-store' });
      response.end(html);
    };
    const snippet = embedSnippet(platformUrl, 100, 1).replace(' async>', url.searchParams.get('open') === 'proactive' ? ' data-open="proactive" async>' : ' async>');
    if (url.pathname === '/') return send(page('Tienda Ejemplo', `<p>Bienvenido a nuestra tienda.</p>${snippet}`));
    if (url.pathname === '/pagina-2') return send(page('Tienda Ejemplo: productos', `<p>Nuestros productos.</p>${snippet}`));
    if (url.pathname === '/marco') return send(page('Tienda Ejemplo: marco', `<iframe id="marco" title="Chat en línea" src="${widgetPage}" width="380" height="600"></iframe>`));
    if (url.pathname === '/marco-boton') {
      return send(page('Tienda Ejemplo: marco al hacer clic', `<button type="button" id="abrir-marco">Abrir chat</button><div id="lugar"></div><script src="/marco-boton.js"></script>`));
    }
    if (url.pathname === '/marco-boton.js') {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
      response.end(
        `document.getElementById('abrir-marco').addEventListener('click', function () { var f = document.createElement('iframe'); f.id = 'marco'; f.title = 'Chat en línea'; f.width = '380'; f.height = '600'; f.src = ${JSON.stringify(widgetPage)}; document.getElementById('lugar').append(f); });`
      );
      return;
    }
    response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    response.end('No encontrado');
  });
  // No host: dual-stack, so "localhost" answers whichever loopback address Chromium tries first.
  await new Promise<void>((resolve) => server.listen(0, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      })
  };
}
