import { describe, expect, it } from 'vitest';
import { notificationEvent, NOTIFICATION_EVENTS } from '../../../src/shared/notifications/events';
import { exampleVariables, nestVariables, renderTemplate, templateProblem, withoutCustomerContent } from '../../../src/shared/notifications/liquid';
import { countSms, replaceAccents } from '../../../src/shared/notifications/sms';

const summary = notificationEvent('RESUMEN_CONVERSACION')!;

describe('the notification templates’ Liquid engine (shared by the platform and the editor)', () => {
  it('accepts the event’s variables, a loop over its list, and filters', () => {
    const source = 'Hola {{ cliente.nombre | upcase }}{% for m in conversacion.mensajes %}\n{{ m.autor }}: {{ m.texto }}{% endfor %}';
    expect(templateProblem(source, summary, 'body')).toBeNull();
    expect(renderTemplate(source, exampleVariables(summary))).toBe('Hola ANA GÓMEZ\nCliente: Hola, necesito ayuda\nAsesor: Con gusto le ayudo');
  });

  it.each([
    ['a typo in a variable', 'Hola {{ cliente.nombr }}', 'El cuerpo del correo usa variables que el evento no tiene: «cliente.nombr»'],
    ['a typo in a loop item', '{% for m in conversacion.mensajes %}{{ m.textoo }}{% endfor %}', 'El cuerpo del correo no se puede generar: la variable «m.textoo» no existe (línea 1, columna 40)'],
    ['an unknown filter', '{{ cliente.nombre | ejecutar }}', 'El cuerpo del correo no es una plantilla válida: el filtro «ejecutar» no existe (línea 1, columna 1)'],
    ['an unknown tag', '{% ejecutar %}', 'El cuerpo del correo no es una plantilla válida: la etiqueta «ejecutar» no existe (línea 1, columna 1)'],
    ['an include (a file read)', '{% include "/etc/passwd" %}', 'El cuerpo del correo no es una plantilla válida: no se pueden incluir otras plantillas ({% include %}, {% render %}, {% layout %})'],
    ['a render (a file read)', "{% render 'secreto' %}", 'El cuerpo del correo no es una plantilla válida: no se pueden incluir otras plantillas ({% include %}, {% render %}, {% layout %})'],
    ['a loop of a hundred million', '{% for i in (1..100000000) %}x{% endfor %}', 'El cuerpo del correo no se puede generar: la plantilla es demasiado grande o repite demasiadas veces'],
    ['an unclosed tag', '{% if cliente.nombre %}x', 'El cuerpo del correo no es una plantilla válida: revise la sintaxis (línea 1, columna 1)']
  ])('refuses %s in Spanish', (_case, source, message) => {
    expect(templateProblem(source, summary, 'body')?.message).toBe(message);
  });

  it('reads only a value’s own properties (no prototype or constructor)', () => {
    expect(templateProblem('{{ cliente.nombre.constructor }}', summary, 'body')).not.toBeNull();
    expect(() => renderTemplate('[{{ x.constructor }}]', { x: {} })).toThrow(/undefined variable: x.constructor/);
  });

  it('every event’s variables render from their examples, and "No incluir contenido del cliente" empties only the customer’s', () => {
    for (const event of NOTIFICATION_EVENTS) {
      const all = event.variables.map((v) => `{{ ${v.name} }}`).join('|');
      expect(templateProblem(all, event, 'body'), event.code).toBeNull();
    }
    const flat = Object.fromEntries(summary.variables.map((v) => [v.name, v.example]));
    const kept = nestVariables(withoutCustomerContent(summary, flat));
    expect(renderTemplate('{{ organizacion.nombre }}/{{ cliente.nombre }}/{{ conversacion.mensajes.size }}/{{ asesor.nombre }}', kept)).toBe('Atiende Demo//0/Laura Pérez');
  });
});

describe('the SMS count (GSM 03.38 through sms-segments-calculator)', () => {
  it('keeps ñ, é, ü, ¿ and ¡ in GSM-7; á, í, ó and ú force UCS-2 and are marked', () => {
    expect(countSms('¿Señor? ¡Pingüino! café')).toMatchObject({ encoding: 'GSM-7', ucs2Characters: [] });
    expect(countSms('Atención: día útil, sí')).toMatchObject({ encoding: 'UCS-2', ucs2Characters: ['ó', 'í', 'ú'] });
  });

  it('counts the extension table as two, and parts at 160/153 (GSM-7) and 70/67 (UCS-2)', () => {
    expect(countSms('5€').characters).toBe(3);
    expect(countSms('[{~^|\\}]').characters).toBe(16);
    expect(countSms('a'.repeat(160)).parts).toBe(1);
    expect(countSms('a'.repeat(161)).parts).toBe(2);
    expect(countSms('a'.repeat(306)).parts).toBe(2);
    expect(countSms('a'.repeat(307)).parts).toBe(3);
    expect(countSms('á'.repeat(70)).parts).toBe(1);
    expect(countSms('á'.repeat(71)).parts).toBe(2);
    expect(countSms('')).toEqual({ characters: 0, encoding: 'GSM-7', parts: 0, ucs2Characters: [] });
  });

  it("'Reemplazar tildes' replaces only what forces UCS-2 and has a GSM-7 form", () => {
    const replaced = replaceAccents('Atención: ÍNDICE, ñandú, pingüino ¿sí? café 😀');
    expect(replaced).toBe('Atencion: INDICE, ñandu, pingüino ¿si? café 😀');
    expect(countSms(replaced).ucs2Characters).toEqual(['😀']);
  });
});
