import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { EntryForm, type EntryFormField } from '../../../src/shared/domain/entry-form';
import { WidgetConfig } from '../../../src/shared/realtime';
import { consentTexts, conversations, customers, entryFormFields } from '../../../src/server/db/schema';
import { connectWidget } from '../../support/clients';
import { BACKENDS, createTestDatabase, type TestDatabase } from '../../support/database';
import { listenPlatform, MONDAY_10AM, TestClock, type Running } from '../../support/platform';
import { caller, signInAll } from './chat-fixtures';

const EMAILS = ['admin@demo.co', 'admin@otra.co', 'asesor@demo.co', 'superadmin@demo.co'];
const F = '/api/organization/100/agent';
const StartAck = z.object({ conversationId: z.string(), token: z.string() });

/** A field as the form stores it, back as a body field (idField kept). */
const asInput = (f: EntryFormField) => ({ idField: f.idField, label: f.label, fieldType: f.fieldType, required: f.required, active: f.active, options: f.options, pattern: f.pattern, consentText: f.consentText });

describe.each(BACKENDS)('entry form (formulario-entrada) on %s', (backend) => {
  let database: TestDatabase;
  let platform: Running;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    platform = await listenPlatform(database.target, new TestClock(MONDAY_10AM));
    call = caller(platform.app, await signInAll(platform.app, EMAILS));
  });
  afterAll(async () => {
    await platform.close();
    await database.drop();
  });

  const form = async () => EntryForm.parse((await call('admin@demo.co', 'GET', `${F}/getEntryFormComplete?idVa=1`)).json());
  const put = (fields: unknown[], as = 'admin@demo.co', path = `${F}/updateEntryFormComplete?idVa=1`) => call(as, 'PUT', path, { fields });
  const config = async () => WidgetConfig.parse((await platform.app.inject({ method: 'GET', url: '/widget/config?org=100&va=1' })).json());
  const start = async (fields: Record<string, string>) => {
    const widget = await connectWidget(platform.url, { org: 100, va: 1 }, false);
    try {
      const res = await widget.request('widget:start', { fields });
      return res;
    } finally {
      widget.close();
    }
  };

  it('answers the seeded form in order, and refuses another organisation and a role without the screen', async () => {
    const res = await call('admin@demo.co', 'GET', `${F}/getEntryFormComplete?idVa=1`);
    expect(res.statusCode).toBe(200);
    const { fields } = EntryForm.parse(res.json());
    expect(fields.map((f) => f.label)).toEqual(['Nombre completo', 'Tipo de documento', 'Número de documento', 'Correo electrónico', 'Teléfono']);
    expect((await call('admin@otra.co', 'GET', `${F}/getEntryFormComplete?idVa=1`)).statusCode).toBe(403);
    // Org 200's admin names its own organisation but org 100's virtual agent: not found, nothing shown.
    expect((await call('admin@otra.co', 'GET', '/api/organization/200/agent/getEntryFormComplete?idVa=1')).statusCode).toBe(404);
    expect((await call('asesor@demo.co', 'GET', `${F}/getEntryFormComplete?idVa=1`)).statusCode).toBe(403);
  });

  it('refuses duplicates, 31 fields, a bad or unsafe pattern, NUL or CR/LF in a label, and another form’s field, changing nothing', async () => {
    const before = await form();
    const base = before.fields.map(asInput);
    const cases: [string, unknown[]][] = [
      ['same label', [...base, { label: ' nombre COMPLETO ', fieldType: 'text' }]],
      ['same idField', [...base, base[0]]],
      ['31 fields', Array.from({ length: 31 }, (_, i) => ({ label: `Campo ${i}`, fieldType: 'text' }))],
      ['pattern that does not compile', [...base, { label: 'Código', fieldType: 'text', pattern: '([a-z' }]],
      ['catastrophic pattern', [...base, { label: 'Código', fieldType: 'text', pattern: '(a+)+' }]],
      ['repeated alternation', [...base, { label: 'Código', fieldType: 'text', pattern: '(a|aa)*' }]],
      ['long pattern', [...base, { label: 'Código', fieldType: 'text', pattern: 'a'.repeat(201) }]],
      ['NUL in a label', [...base, { label: 'Có\u0000digo', fieldType: 'text' }]],
      ['CR/LF in a label', [...base, { label: 'Código\r\nX-Injected: 1', fieldType: 'text' }]],
      ['two consents', [...base, { label: 'A', fieldType: 'consent', consentText: 'Acepto' }, { label: 'B', fieldType: 'consent', consentText: 'Acepto' }]],
      ['consent without text', [...base, { label: 'A', fieldType: 'consent' }]],
      ['list without options', [...base, { label: 'A', fieldType: 'select' }]]
    ];
    for (const [name, fields] of cases) {
      const res = await put(fields);
      expect(res.statusCode, name).toBe(400);
      expect(res.json<{ message: string }>().message, name).toMatch(/[a-záéíóú]/i);
    }
    // A field of another virtual agent (va 3 of org 200) is not this form's.
    const [foreign] = await platform.app.db.select().from(entryFormFields).where(eq(entryFormFields.idVa, 3));
    const res = await put([...base, { idField: foreign?.idField, label: 'Ajeno', fieldType: 'text' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('no pertenece a este formulario');
    expect((await put(base, 'admin@otra.co')).statusCode).toBe(403);
    expect(await form()).toEqual(before);
  });

  it('adds, edits and removes fields, writes only the order on reorder, and refuses an order that is not a permutation', async () => {
    const before = await form();
    const base = before.fields.map(asInput);
    const added = await put([...base, { label: 'Código de cliente', fieldType: 'text', required: true, pattern: '[A-Z]{2}\\d{4}' }]);
    expect(added.statusCode).toBe(200);
    const after = EntryForm.parse(added.json());
    const code = after.fields.at(-1);
    expect(code).toMatchObject({ label: 'Código de cliente', required: true, pattern: '[A-Z]{2}\\d{4}', position: 6 });
    const ids = after.fields.map((f) => f.idField);

    const reversed = [...ids].reverse();
    const reordered = await call('admin@demo.co', 'PUT', `${F}/updateEntryFormOrder?idVa=1`, { order: reversed });
    expect(reordered.statusCode).toBe(200);
    const now = EntryForm.parse(reordered.json());
    expect(now.fields.map((f) => f.idField)).toEqual(reversed);
    // Only positions changed.
    expect(now.fields.map(({ position: _p, ...f }) => f).sort((a, b) => a.idField - b.idField)).toEqual(after.fields.map(({ position: _p, ...f }) => f).sort((a, b) => a.idField - b.idField));

    for (const order of [reversed.slice(1), [...reversed, 999_999], [...reversed.slice(1), 999_999], [...reversed, reversed[0]]]) {
      expect((await call('admin@demo.co', 'PUT', `${F}/updateEntryFormOrder?idVa=1`, { order })).statusCode).toBe(400);
    }
    expect((await call('admin@otra.co', 'PUT', '/api/organization/200/agent/updateEntryFormOrder?idVa=1', { order: reversed })).statusCode).toBe(404);
    expect((await form()).fields.map((f) => f.idField)).toEqual(reversed);

    // Back to the seeded order, the new field removed.
    const restored = await put(base);
    expect(restored.statusCode).toBe(200);
    expect(EntryForm.parse(restored.json()).fields.map((f) => f.label)).toEqual(before.fields.map((f) => f.label));
  });

  it('serves a new required field to the next widget, which the platform refuses blank or off-pattern', async () => {
    const base = (await form()).fields.map(asInput);
    await put([...base, { label: 'Código de cliente', fieldType: 'text', required: true, pattern: '[A-Z]{2}\\d{4}' }]);
    const served = await config();
    const code = served.entryForm.find((f) => f.label === 'Código de cliente');
    expect(code).toMatchObject({ required: true, pattern: '[A-Z]{2}\\d{4}' });
    const ids = Object.fromEntries(served.entryForm.map((f) => [f.label, String(f.idField)]));
    const answers = { [ids['Nombre completo'] ?? '']: 'Ana Pérez', [ids['Tipo de documento'] ?? '']: 'PASAPORTE', [ids['Número de documento'] ?? '']: 'AB123456' };
    for (const value of [undefined, '   ', 'ab12']) {
      const ack = await start(value === undefined ? answers : { ...answers, [String(code?.idField)]: value });
      expect(ack).toMatchObject({ ok: false, error: { status: 400 } });
    }
    expect(await start({ ...answers, [String(code?.idField)]: 'AB1234' })).toMatchObject({ ok: true });
    await put(base);
  });

  it('keeps consent as evidence: refuses a start without it (raw payload), stores version, sha256 and time, and a changed text is a new version', async () => {
    const base = (await form()).fields.map(asInput);
    const text = 'Autorizo el tratamiento de mis datos personales según la Ley 1581 de 2012.';
    const saved = EntryForm.parse((await put([...base, { label: 'Autorización de datos', fieldType: 'consent', required: true, consentText: text }, { label: 'Ciudad', fieldType: 'city', required: true }])).json());
    const consent = saved.fields.find((f) => f.fieldType === 'consent');
    const city = saved.fields.find((f) => f.fieldType === 'city');
    expect(consent).toMatchObject({ consentText: text, consentVersion: 1 });
    const served = await config();
    const medellin = served.regions.flatMap((r) => r.departments.flatMap((d) => d.cities)).find((c) => c.name === 'Medellín');
    expect(medellin).toBeDefined();
    const answers = { [String(base[0]?.idField)]: 'Ana Pérez', [String(base[1]?.idField)]: 'PASAPORTE', [String(base[2]?.idField)]: 'AB123456', [String(city?.idField)]: String(medellin?.id) };

    for (const forged of [answers, { ...answers, [String(consent?.idField)]: '' }, { ...answers, [String(consent?.idField)]: 'true' }, { ...answers, [String(consent?.idField)]: '2' }]) {
      expect(await start(forged)).toMatchObject({ ok: false, error: { status: 400 } });
    }
    // A city the organisation does not offer (Meta's Villavicencio has no region in org 100).
    expect(await start({ ...answers, [String(city?.idField)]: '50001', [String(consent?.idField)]: '1' })).toMatchObject({ ok: false, error: { status: 400 } });

    const ack = await start({ ...answers, [String(consent?.idField)]: '1' });
    expect(ack).toMatchObject({ ok: true });
    const { conversationId } = StartAck.parse((ack as { data: unknown }).data);
    const [conv] = await platform.app.db.select().from(conversations).where(eq(conversations.idConv, conversationId));
    const [evidence] = await platform.app.db.select().from(consentTexts).where(eq(consentTexts.id, conv?.consentTextId ?? -1));
    expect(evidence).toMatchObject({ version: 1, text, sha256: createHash('sha256').update(text, 'utf8').digest('hex') });
    expect(conv?.consentAcceptedAt?.toISOString()).toBe(MONDAY_10AM.toISOString());
    expect(conv?.cityId).toBe(medellin?.id);
    expect(conv?.customerData['Ciudad']).toBe('Medellín');
    const [customer] = await platform.app.db.select().from(customers).where(eq(customers.id, conv?.customerId ?? -1));
    expect(customer).toMatchObject({ name: 'Ana Pérez', documentType: 'PASAPORTE', identification: 'AB123456', cityId: medellin?.id });

    // The city feeds the statistics' city filter (conversations.city_id, src/server/stats/scope.ts).
    // Edit the text: a new version; the conversation keeps version 1.
    const edited = EntryForm.parse((await put(saved.fields.map((f) => (f.fieldType === 'consent' ? { ...asInput(f), consentText: `${text} Versión revisada.` } : asInput(f))))).json());
    expect(edited.fields.find((f) => f.fieldType === 'consent')?.consentVersion).toBe(2);
    expect(await start({ ...answers, [String(consent?.idField)]: '1' })).toMatchObject({ ok: false, error: { status: 400 } });
    const [still] = await platform.app.db.select().from(conversations).where(eq(conversations.idConv, conversationId));
    expect(still?.consentTextId).toBe(conv?.consentTextId);
    // Saved unchanged: still version 2.
    expect(EntryForm.parse((await put(edited.fields.map(asInput))).json()).fields.find((f) => f.fieldType === 'consent')?.consentVersion).toBe(2);
    await put(base);
  });
});
