// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import './dom-setup';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { TemplatesScreen, templatesScreen } from '../../../src/renderer/features/settings/human/templates.screen';
import type { ResponseTemplate } from '../../../src/shared/domain/response-template';
import { DUPLICATE_TEXT } from '../../../src/shared/domain/unique-name';
import { MSG } from '../../../src/shared/messages';
import { describeListScreen, dialog, failReply, installSettings, okReply, renderPage } from './settings-fixtures';

afterEach(cleanup);

const template = (idTemplate: number, templateName: string, templateContent: string): ResponseTemplate => ({ idTemplate, templateName, templateContent });

describeListScreen(templatesScreen, {
  rows: [template(1, 'Saludo', 'Hola'), template(3, 'Espera', 'Un momento, por favor')],
  answer: (templates) => ({ templates }),
  create: {
    refused: { fill: { templateName: 'Despedida' }, messages: ['El contenido de la plantilla es obligatorio'] },
    fill: { templateContent: 'Gracias por escribir' },
    sent: { templateName: 'Despedida', templateContent: 'Gracias por escribir' },
    reply: (b) => ({ idTemplate: 2, ...(b as Omit<ResponseTemplate, 'idTemplate'>) })
  },
  platformRefusal: { fill: { templateName: 'Cierre', templateContent: 'Hasta pronto' }, error: { status: 409, message: DUPLICATE_TEXT.template }, shows: DUPLICATE_TEXT.template },
  edit: { fill: { templateContent: 'Buenos días' }, sent: { idTemplate: 1, templateName: 'Saludo', templateContent: 'Buenos días' }, reply: (b) => b as ResponseTemplate },
  remove: { row: 1, request: (a) => (a as { body?: unknown }).body, expected: { idTemplate: 3 } }
});

describe('plantillas-respuesta', () => {
  it('shows the load error spelled as SPEC has it', async () => {
    installSettings({ responseTemplates: () => failReply(500, MSG.generic.serverError) });
    renderPage(<TemplatesScreen />);
    expect(await screen.findByText('Error al obtener plantilllas de respuesta.')).toBeTruthy();
  });

  it('refuses, before sending, a name another template has (case and accents folded as the platform folds them)', async () => {
    const fake = installSettings({ responseTemplates: () => okReply({ templates: [template(1, 'Saludo inicial', 'Hola')] }) });
    renderPage(<TemplatesScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Nueva plantilla' }));
    fireEvent.change(dialog().getByLabelText(/^Nombre de la plantilla/), { target: { value: 'SALUDO  INICIAL' } });
    fireEvent.change(dialog().getByLabelText(/^Contenido/), { target: { value: 'Buenas' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Guardar' }));
    expect(await dialog().findByText(DUPLICATE_TEXT.template)).toBeTruthy();
    expect(fake.sent('upsertResponseTemplate')).toEqual([]);
  });
});
