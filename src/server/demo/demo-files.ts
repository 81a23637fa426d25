import { crc32, deflateSync } from 'node:zlib';

/**
 * Small files generated in code for the demo workspace answers (an image and a PDF), so the
 * assistant's media answers work offline. The same input gives the same bytes.
 */

type Rgb = readonly [number, number, number];

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An 8-bit RGB PNG whose pixels `paint` decides. */
export function renderPng(width: number, height: number, paint: (x: number, y: number) => Rgb): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  let offset = 0;
  for (let y = 0; y < height; y++) {
    rows[offset++] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = paint(x, y);
      rows[offset++] = r;
      rows[offset++] = g;
      rows[offset++] = b;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0))
  ]);
}

/** Four payment 'cards' on white: debit/credit, PSE, wallet and cash, in the brand's palette. */
export function paymentMethodsPng(): Buffer {
  const cards: { x: number; y: number; colour: Rgb }[] = [
    { x: 12, y: 12, colour: [0x0b, 0x4f, 0x8a] },
    { x: 124, y: 12, colour: [0x02, 0x98, 0xb1] },
    { x: 12, y: 68, colour: [0x8e, 0x24, 0xaa] },
    { x: 124, y: 68, colour: [0xd3, 0x2f, 0x2f] }
  ];
  const white: Rgb = [0xff, 0xff, 0xff];
  const stripe: Rgb = [0xf5, 0xc5, 0x18];
  return renderPng(236, 124, (x, y) => {
    for (const card of cards) {
      const dx = x - card.x;
      const dy = y - card.y;
      if (dx < 0 || dy < 0 || dx >= 100 || dy >= 44) continue;
      const corner = (dx < 4 || dx >= 96) && (dy < 4 || dy >= 40);
      if (corner) return white;
      if (dy >= 10 && dy < 16) return stripe;
      return card.colour;
    }
    return white;
  });
}

/** A PDF literal string in WinAnsi (Latin-1) with octal escapes for everything beyond printable ASCII. */
function pdfText(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (code > 0xff) throw new Error(`Character outside Latin-1 in PDF text: ${char}`);
    if (char === '(' || char === ')' || char === '\\') out += `\\${char}`;
    else if (code < 0x20 || code > 0x7e) out += `\\${code.toString(8).padStart(3, '0')}`;
    else out += char;
  }
  return `(${out})`;
}

/** A one-page A4 PDF: a bold title and plain lines, with a correct cross-reference table. */
export function renderPdf(title: string, lines: readonly string[]): Buffer {
  const content = [
    'BT',
    '/F1 16 Tf',
    `56 780 Td ${pdfText(title)} Tj`,
    '/F2 11 Tf',
    '0 -28 Td',
    ...lines.flatMap((line) => [`${pdfText(line)} Tj`, '0 -18 Td']),
    'ET'
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

export function requirementsPdf(): Buffer {
  return renderPdf('Requisitos para la apertura de cuenta', [
    'Demo Contact Center',
    '',
    '1. Documento de identidad original (cédula de ciudadanía, cédula de extranjería o pasaporte).',
    '2. Formulario de vinculación diligenciado y firmado.',
    '3. Certificado de ingresos o los tres últimos desprendibles de pago.',
    '4. Recibo de un servicio público con la dirección de residencia (no mayor a 60 días).',
    '5. Para empresas: RUT, certificado de existencia y representación legal (no mayor a 30 días).',
    '',
    'Presenta estos documentos en cualquier punto de atención o envíalos por el chat.'
  ]);
}

/** The files the demo workspaces reference, by their fixed ids. */
export const DEMO_FILE_IDS = { paymentMethods: 'demo-medios-pago', requirements: 'demo-requisitos' } as const;

export function demoFileUrl(id: string): string {
  return `/api/multimedia/descargar/${id}`;
}
