import { describe, expect, it } from 'vitest';
import { itemsToText, toResponseItems } from '../../../src/server/bot/items';

describe('bot answer elements as response items', () => {
  it('maps each element type (SPEC §3) in elementOrderPos order', () => {
    const items = toResponseItems([
      { elementTypesIdType: 9, elementOrderPos: 5, elementValue: '["Horarios","Hablar con un asesor"]' },
      { elementTypesIdType: 1, elementOrderPos: 0, elementValue: 'Hola' },
      { elementTypesIdType: 2, elementOrderPos: 1, elementValue: 'https://example.co/ayuda' },
      { elementTypesIdType: 3, elementOrderPos: 2, elementValue: 'https://example.co/img/mapa%20sede.png' },
      { elementTypesIdType: 4, elementOrderPos: 3, elementValue: '{"url":"https://example.co/d?id=1","name":"Tarifas.pdf"}' },
      { elementTypesIdType: 5, elementOrderPos: 4, elementValue: 'https://example.co/v/intro' }
    ]);
    expect(items).toEqual([
      { itemType: 1, itemValue: 'Hola', itemOptions: null, itemFile: null },
      { itemType: 2, itemValue: 'https://example.co/ayuda', itemOptions: null, itemFile: null },
      { itemType: 3, itemValue: 'mapa sede.png', itemOptions: null, itemFile: { contentType: 'image/png', name: 'mapa sede.png', url: 'https://example.co/img/mapa%20sede.png' } },
      { itemType: 4, itemValue: 'Tarifas.pdf', itemOptions: null, itemFile: { contentType: 'application/pdf', name: 'Tarifas.pdf', url: 'https://example.co/d?id=1' } },
      { itemType: 5, itemValue: 'intro', itemOptions: null, itemFile: { contentType: 'application/octet-stream', name: 'intro', url: 'https://example.co/v/intro' } },
      { itemType: 9, itemValue: null, itemOptions: ['Horarios', 'Hablar con un asesor'], itemFile: null }
    ]);
  });

  it('reads options with a prompt and tolerates a malformed list', () => {
    const [withPrompt, broken] = toResponseItems([
      { elementTypesIdType: 9, elementOrderPos: 0, elementValue: '{"text":"Elige una opción","options":["Sí","No"]}' },
      { elementTypesIdType: 9, elementOrderPos: 1, elementValue: 'no es json' }
    ]);
    expect(withPrompt).toEqual({ itemType: 9, itemValue: 'Elige una opción', itemOptions: ['Sí', 'No'], itemFile: null });
    expect(broken).toEqual({ itemType: 9, itemValue: null, itemOptions: [], itemFile: null });
  });

  it('joins items as readable text with the options listed', () => {
    const items = toResponseItems([
      { elementTypesIdType: 1, elementOrderPos: 0, elementValue: '¿Qué deseas hacer?' },
      { elementTypesIdType: 9, elementOrderPos: 1, elementValue: '["Horarios","Asesor"]' },
      { elementTypesIdType: 4, elementOrderPos: 2, elementValue: 'https://example.co/tarifas.pdf' }
    ]);
    expect(itemsToText(items)).toBe('¿Qué deseas hacer?\n- Horarios\n- Asesor\ntarifas.pdf: https://example.co/tarifas.pdf');
  });
});
