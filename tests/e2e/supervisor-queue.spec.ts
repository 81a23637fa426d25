import type { BrowserContext, Page } from '@playwright/test';
import { UI } from '../../src/shared/constants';
import { DEMO_PASSWORD, expect, signIn, test } from './fixtures';

/**
 * The supervisor's day end to end (issue 20): a customer asks for a human while no agent of
 * Atención general is connected; the home page and the queue screen show them waiting; the
 * supervisor lends the chat to a connected agent of another split (asesor5@demo.co answers only
 * Ventas, so the router never offers it to him; no other spec uses him); his console receives it.
 * Other specs of this worker may have left agents connected (or within their disconnect grace
 * period): the supervisor's own action puts them Desconectado first, and the spec ends its chat
 * and disconnects its agent, so it leaves nobody waiting or connected behind.
 */

interface WidgetField {
  idField: number;
  fieldType: string;
  options: string[];
}

/** As a supervisor (the asesores page's action, through the platform's REST API): every agent but `keep` Desconectado. */
async function disconnectOthers(platformUrl: string, keep: string): Promise<void> {
  const login = await fetch(`${platformUrl}/api/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.co', password: DEMO_PASSWORD })
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const states = (await (await fetch(`${platformUrl}/api/obtenerEstadoConexionAsesores`, { headers })).json()) as { idUser: number; nombre: string; estado: string }[];
  for (const agent of states.filter((a) => a.estado !== 'Desconectado' && a.nombre !== keep)) {
    const res = await fetch(`${platformUrl}/api/actualizarEstadoAsesor`, { method: 'POST', headers, body: JSON.stringify({ idUser: agent.idUser, estado: 'Desconectado' }) });
    expect(res.status).toBe(200);
  }
}

async function fillEntryForm(customer: Page, platformUrl: string): Promise<void> {
  const config = (await (await fetch(`${platformUrl}/widget/config?org=100&va=1`)).json()) as { entryForm: WidgetField[] };
  await customer.goto(`${platformUrl}/widget?org=100&va=1`);
  for (const field of config.entryForm) {
    const control = customer.locator(`#field-${field.idField}`);
    if (field.fieldType === 'select') await control.selectOption(field.options[0] ?? '');
    else if (field.fieldType === 'email') await control.fill('marta.rios@example.com');
    else if (field.fieldType === 'phone') await control.fill('3007654321');
    else if (field.fieldType === 'document') await control.fill('5566778899');
    else await control.fill('Marta Ríos');
  }
  await customer.locator('#entry-submit').click();
  await expect(customer.locator('#messages li[data-sender="BOT"]')).toHaveCount(1);
}

test('a waiting customer shows on the home page and the queue, and the supervisor assigns them to an agent', async ({ browser, host }) => {
  test.setTimeout(120_000);
  const contexts: BrowserContext[] = [];
  const context = async () => {
    const c = await browser.newContext({ baseURL: host.url, locale: 'es-CO', timezoneId: 'America/Bogota' });
    contexts.push(c);
    return c.newPage();
  };
  try {
    const agent = await context();
    await agent.goto('/login');
    await signIn(agent, 'asesor5@demo.co');
    await expect(agent).toHaveURL('/chat');
    await agent.getByRole('button', { name: /^Estado del asesor:/ }).click();
    await agent.getByRole('menuitemradio', { name: 'Conectado', exact: true }).click();
    await expect(agent.getByRole('button', { name: 'Estado del asesor: Conectado' })).toBeVisible();
    // asesor5@demo.co is Daniela Vargas in the demo data (src/server/demo/demo-chat-config.ts).
    await disconnectOthers(host.platformUrl, 'Daniela Vargas');

    const supervisor = await context();
    await supervisor.goto('/login');
    await signIn(supervisor, 'admin@demo.co');
    await expect(supervisor).toHaveURL('/analitica');
    const splits = supervisor.getByRole('table', { name: 'Chats en cola por split' });
    await expect(splits.getByRole('row', { name: /Atención general/ })).toBeVisible();

    // The customer asks for a human: Atención general has nobody connected, so they wait.
    const customer = await context();
    await fillEntryForm(customer, host.platformUrl);
    await customer.locator('#ask-agent').click();
    await expect(customer.locator('#state-banner')).toHaveText(/^En espera de un asesor/);

    // The home page follows the monitor link: the split shows one waiting, and the alert of an open split with nobody connected.
    await expect(splits.getByRole('row', { name: /Atención general/ }).getByRole('cell').nth(1)).toHaveText('1', { timeout: 2_000 });
    await expect(supervisor.getByText('El split Atención general está abierto y no tiene asesores conectados')).toBeVisible();

    // The queue screen lists them with their entry form; the supervisor assigns the chat.
    const menu = supervisor.getByRole('navigation', { name: 'Menú principal' });
    await menu.getByRole('button', { name: 'Estadísticas', exact: true }).click();
    await menu.getByRole('button', { name: 'Asesor humano', exact: true }).first().click();
    await menu.getByRole('link', { name: 'Cola de chats', exact: true }).click();
    const queue = supervisor.getByRole('table', { name: 'Chats en espera' });
    const row = queue.getByRole('row', { name: /Marta Ríos/ });
    await expect(row).toBeVisible({ timeout: 2_000 });
    await expect(row).toContainText('Atención general');
    // The state in words; one line of the table's row height (its virtualiser's estimate), the
    // customer's entry form whole in the cell's tooltip however much of it the column shows.
    await expect(row).toContainText('En cola');
    expect((await row.boundingBox())?.height).toBe(UI.queueRowPx);
    await expect(row.getByRole('cell', { name: /Marta Ríos/ })).toHaveAttribute('title', /Marta Ríos.*marta\.rios@example\.com/);
    await row.getByRole('button', { name: /^Asignar / }).click();
    const dialog = supervisor.getByRole('dialog');
    // The dialog shows the chat whole: every answer the row's one line may have cut.
    await expect(dialog.getByRole('group', { name: 'El chat en espera' })).toContainText('marta.rios@example.com');
    await expect(dialog.getByRole('option')).toHaveCount(2);
    await dialog.getByRole('combobox', { name: /Asesor/ }).selectOption({ index: 1 });
    await dialog.getByRole('button', { name: 'Asignar' }).click();
    await expect(supervisor.locator('.fui-ToastTitle').filter({ hasText: 'Chat asignado' })).toBeVisible();
    await expect(queue.getByRole('row', { name: /Marta Ríos/ })).toHaveCount(0);

    // The agent's console receives it.
    const incoming = agent.getByRole('button', { name: /Marta Ríos/ });
    await expect(incoming).toBeVisible();
    await expect(incoming).toContainText('Entrante');

    // Leave nothing behind for the next spec of this worker: the customer ends the chat, the agent disconnects.
    await customer.getByRole('button', { name: 'Finalizar chat' }).click();
    await customer.locator('#leave-confirm-yes').click();
    await expect(incoming).not.toContainText('Entrante');
    await agent.getByRole('button', { name: /^Estado del asesor:/ }).click();
    await agent.getByRole('menuitemradio', { name: 'Desconectado', exact: true }).click();
    await expect(agent.getByRole('button', { name: 'Estado del asesor: Desconectado' })).toBeVisible();
  } finally {
    for (const c of contexts) await c.close();
  }
});
