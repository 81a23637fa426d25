import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { LocationList } from '../../../src/shared/domain/location';
import { DUPLICATE_TEXT } from '../../../src/shared/domain/unique-name';
import { COLOMBIA_CAPITALS, COLOMBIA_DEPARTMENTS } from '../../../src/server/db/colombia';
import { openDatabase } from '../../../src/server/db/client';
import { cities, departmentRegions, departments, regions } from '../../../src/server/db/schema';
import { SETTINGS_TEXT } from '../../../src/server/settings/texts';
import { BACKENDS, createTestDatabase } from '../../support/database';
import { createTestApp, type TestPlatform } from '../../support/app';
import { caller, FORBIDDEN_BODY, signInAll } from './chat-fixtures';

const EMAILS = ['superadmin@demo.co', 'admin@demo.co', 'visualizador@demo.co', 'supervisor@demo.co', 'admin@otra.co'];
const L = '/api/location';

describe.each(BACKENDS)('regionales on %s', (backend) => {
  describe('Colombia, on a platform with no demo data', () => {
    it('has every department (DANE code) and each capital in its department, exactly as colombia.ts lists them', async () => {
      const fresh = await createTestDatabase(backend);
      const database = await openDatabase(fresh.target);
      try {
        const rows = await database.db.select().from(departments).orderBy(asc(departments.id));
        expect(rows).toEqual(COLOMBIA_DEPARTMENTS.map(({ id, name }) => ({ id, name })));
        expect(rows).toHaveLength(33);
        const cityRows = await database.db.select().from(cities).orderBy(asc(cities.id));
        expect(cityRows).toEqual([...COLOMBIA_CAPITALS].sort((a, b) => a.id - b.id));
        for (const d of COLOMBIA_DEPARTMENTS) expect(cityRows.some((c) => c.id === d.capital)).toBe(true);
      } finally {
        await database.close();
        await fresh.drop();
      }
    });
  });

  describe('the calls', () => {
    let platform: TestPlatform;
    let call: ReturnType<typeof caller>;
    beforeAll(async () => {
      platform = await createTestApp(backend);
      call = caller(platform.app, await signInAll(platform.app, EMAILS));
    });
    afterAll(() => platform.close());

    const list = async (as = 'admin@demo.co') => LocationList.parse((await call(as, 'GET', `${L}/locationList/?requireCities=true`)).json());
    const snapshot = async () => ({
      regions: await platform.app.db.select().from(regions).orderBy(asc(regions.id)),
      links: await platform.app.db.select().from(departmentRegions).orderBy(asc(departmentRegions.organizationId), asc(departmentRegions.idDepartment))
    });

    it('lists, beside the demo, every Colombian department and capital; the demo keeps its extra cities', async () => {
      const { departments: listed, cities: cityList } = await list();
      expect(listed.map((d) => d.id).sort((a, b) => a - b)).toEqual(COLOMBIA_DEPARTMENTS.map((d) => d.id));
      expect(listed.find((d) => d.id === 91)).toEqual({ id: 91, idRegional: null, name: 'Amazonas' });
      expect(cityList.find((c) => c.id === 54001)).toEqual({ id: 54001, name: 'Cúcuta', idDepartment: 54 });
      expect(cityList.find((c) => c.id === 25754)).toEqual({ id: 25754, name: 'Soacha', idDepartment: 25 });
      // And for the other organisation too: the departments are the country's.
      expect((await list('admin@otra.co')).departments).toHaveLength(33);
    });

    it('creates a region, refusing a blank or duplicate name (accents and case aside) with nothing stored', async () => {
      const before = await snapshot();
      for (const name of ['', '   ', 'x'.repeat(121), 'a\u0000b']) {
        const res = await call('admin@demo.co', 'POST', `${L}/createRegional`, { name });
        expect(res.statusCode).toBe(400);
        expect(res.json<{ message: string }>().message).toMatch(/nombre de la regional/);
      }
      const dup = await call('admin@demo.co', 'POST', `${L}/createRegional`, { name: '  PACIFICO ' });
      expect(dup.statusCode).toBe(409);
      expect(dup.json<{ message: string }>().message).toBe(DUPLICATE_TEXT.region);
      expect(await snapshot()).toEqual(before);

      const res = await call('admin@demo.co', 'POST', `${L}/createRegional`, { name: 'Orinoquía' });
      expect(res.statusCode).toBe(200);
      const created = res.json<{ id: number; name: string }>();
      expect(created.name).toBe('Orinoquía');
      expect((await list()).regionals.map((r) => r.name)).toEqual(['Andina', 'Caribe', 'Orinoquía', 'Pacífico']);
      // Another organisation may use the same name.
      expect((await call('admin@otra.co', 'POST', `${L}/createRegional`, { name: 'Orinoquía' })).statusCode).toBe(200);
    });

    it('renames a region of the organisation only, refusing a name another of its regions has', async () => {
      const before = await snapshot();
      const dup = await call('admin@demo.co', 'POST', `${L}/updateRegional`, { id: 1, name: 'caribe' });
      expect(dup.statusCode).toBe(409);
      expect(dup.json<{ message: string }>().message).toBe(DUPLICATE_TEXT.region);
      const foreign = await call('admin@otra.co', 'POST', `${L}/updateRegional`, { id: 1, name: 'Robada' });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json<{ message: string }>().message).toBe(SETTINGS_TEXT.regionNotFound);
      expect((await call('admin@demo.co', 'POST', `${L}/updateRegional`, { id: 0, name: 'Cero' })).statusCode).toBe(400);
      expect((await call('admin@demo.co', 'POST', `${L}/updateRegional`, { id: 1, name: '' })).statusCode).toBe(400);
      expect(await snapshot()).toEqual(before);

      const res = await call('admin@demo.co', 'POST', `${L}/updateRegional`, { id: 1, name: 'Andina Centro' });
      expect(res.json()).toEqual({ id: 1, name: 'Andina Centro' });
      // Its own name, written differently, is not a duplicate of itself.
      expect((await call('admin@demo.co', 'POST', `${L}/updateRegional`, { id: 1, name: 'ANDINA CENTRO' })).statusCode).toBe(200);
      await call('admin@demo.co', 'POST', `${L}/updateRegional`, { id: 1, name: 'Andina' });
    });

    it('moves a department to another region of the organisation, never to one of another organisation', async () => {
      const before = await snapshot();
      // Region 4 is the other organisation's.
      const foreign = await call('admin@demo.co', 'POST', `${L}/updateDepartment?id=8&idRegional=4`);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json<{ message: string }>().message).toBe(SETTINGS_TEXT.regionNotFound);
      const unknown = await call('admin@demo.co', 'POST', `${L}/updateDepartment?id=9&idRegional=1`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json<{ message: string }>().message).toBe(SETTINGS_TEXT.departmentNotFound);
      expect((await call('admin@demo.co', 'POST', `${L}/updateDepartment?id=8&idRegional=2147483648`)).statusCode).toBe(400);
      expect((await call('admin@demo.co', 'POST', `${L}/updateDepartment?id=8`)).statusCode).toBe(400);
      expect(await snapshot()).toEqual(before);

      // Atlántico from Caribe to Andina (a row replaced), Meta (unassigned) to Andina (a row added).
      expect((await call('admin@demo.co', 'POST', `${L}/updateDepartment?id=8&idRegional=1`)).json()).toEqual({ id: 8, idRegional: 1, name: 'Atlántico' });
      expect((await call('admin@demo.co', 'POST', `${L}/updateDepartment?id=50&idRegional=1`)).json()).toEqual({ id: 50, idRegional: 1, name: 'Meta' });
      const after = await list();
      expect(after.departments.find((d) => d.id === 8)?.idRegional).toBe(1);
      expect(after.departments.find((d) => d.id === 50)?.idRegional).toBe(1);
      const links = await platform.app.db.select().from(departmentRegions).where(and(eq(departmentRegions.organizationId, 100), eq(departmentRegions.idDepartment, 8)));
      expect(links).toHaveLength(1);
      // The other organisation's region for Atlántico (none) is untouched.
      expect((await list('admin@otra.co')).departments.find((d) => d.id === 8)?.idRegional).toBeNull();
      await call('admin@demo.co', 'POST', `${L}/updateDepartment?id=8&idRegional=2`);
    });

    it('refuses to delete a region that holds departments (409, nothing removed), deletes an empty one, and 404 for another organisation', async () => {
      const before = await snapshot();
      const held = await call('admin@demo.co', 'DELETE', `${L}/deleteRegional?id=3`);
      expect(held.statusCode).toBe(409);
      expect(held.json<{ message: string }>().message).toBe(SETTINGS_TEXT.regionHasDepartments(2));
      const foreign = await call('admin@otra.co', 'DELETE', `${L}/deleteRegional?id=3`);
      expect(foreign.statusCode).toBe(404);
      expect(await snapshot()).toEqual(before);

      const created = (await call('admin@demo.co', 'POST', `${L}/createRegional`, { name: 'Amazonía' })).json<{ id: number }>();
      await call('admin@demo.co', 'POST', `${L}/updateDepartment?id=91&idRegional=${created.id}`);
      expect((await call('admin@demo.co', 'DELETE', `${L}/deleteRegional?id=${created.id}`)).json()).toEqual({
        statusCode: 409,
        error: 'Conflict',
        message: SETTINGS_TEXT.regionHasDepartments(1)
      });
      await call('admin@demo.co', 'POST', `${L}/updateDepartment?id=91&idRegional=3`);
      expect((await call('admin@demo.co', 'DELETE', `${L}/deleteRegional?id=${created.id}`)).json()).toEqual({ success: true });
      expect((await list()).regionals.some((r) => r.id === created.id)).toBe(false);
      expect((await call('admin@demo.co', 'DELETE', `${L}/deleteRegional?id=${created.id}`)).statusCode).toBe(404);
    });

    it('lets only the settings editors write (1 and 3)', async () => {
      for (const as of ['visualizador@demo.co', 'supervisor@demo.co']) {
        const res = await call(as, 'POST', `${L}/createRegional`, { name: 'Prohibida' });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual(FORBIDDEN_BODY);
      }
      expect((await call('superadmin@demo.co', 'POST', `${L}/createRegional?idOrg=200`, { name: 'Llanos' })).statusCode).toBe(200);
      expect((await list('admin@otra.co')).regionals.map((r) => r.name)).toContain('Llanos');
    });
  });
});
