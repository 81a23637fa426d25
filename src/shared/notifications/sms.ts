import { SegmentedMessage } from 'sms-segments-calculator';

/**
 * Issue 39: what an SMS costs as the admin types it — characters, encoding and parts — counted by
 * Twilio's segment calculator (the full GSM 03.38 table: ñ, é, ü, ¿ and ¡ fit GSM-7; á, í, ó and ú
 * do not; € [ ] { } ~ ^ | \ of the extension table count as two). The platform refuses, on save
 * and on send, a text over the organisation's part limit with the same count.
 */
export interface SmsCount {
  /** Septets for GSM-7 (an extension character counts two), UTF-16 code units for UCS-2. */
  characters: number;
  encoding: 'GSM-7' | 'UCS-2';
  parts: number;
  /** The characters that force UCS-2, each once, in the order they appear. */
  ucs2Characters: string[];
}

export function countSms(text: string): SmsCount {
  if (text === '') return { characters: 0, encoding: 'GSM-7', parts: 0, ucs2Characters: [] };
  const message = new SegmentedMessage(text, 'auto');
  const encoding = message.encodingName === 'UCS-2' ? 'UCS-2' : 'GSM-7';
  const ucs2Characters = encoding === 'UCS-2' ? [...new Set(message.getNonGsmCharacters())] : [];
  // numberOfCharacters counts an extension character once; what the handset is billed is its size in units.
  const characters = encoding === 'GSM-7' ? Math.round(message.messageSize / 7) : Math.round(message.messageSize / 16);
  return { characters, encoding, parts: message.segmentsCount, ucs2Characters };
}

/** Whether a character is in GSM-7 (the basic table or its extension). */
function fitsGsm(char: string): boolean {
  return countSms(char).encoding === 'GSM-7';
}

/**
 * 'Reemplazar tildes': each character that forces UCS-2 and has a GSM-7 form once its accent is
 * removed (á → a, Í → I, ó → o, ú → u, â → a…) is replaced; ñ, é, ü, ¿ and ¡, already GSM-7, stay;
 * what has no such form (an emoji) stays as it is, still marked.
 */
export function replaceAccents(text: string): string {
  return Array.from(text)
    .map((char) => {
      if (fitsGsm(char)) return char;
      const bare = char.normalize('NFD').replace(/\p{M}/gu, '');
      return bare !== char && bare !== '' && fitsGsm(bare) ? bare : char;
    })
    .join('');
}
