import type { FormField } from '../../chat/entry-form';
import type { ActivityCatalogue } from './catalogue';
import { COMPANY_NAMES, COMPANY_WORDS, EMAIL_DOMAINS, FIRST_NAMES, LAST_NAMES } from './phrases';
import { hash32, Rng, Weighted } from './random';

/** A generated customer: a pure function of the organisation and its number. */
export interface Customer {
  /** 1, 2, 3… in order of first entry. */
  index: number;
  documentType: string;
  identification: string;
  name: string;
  email: string | null;
  phone: string | null;
  cityId: number;
}

const domains = new Weighted(EMAIL_DOMAINS);
const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '');

/**
 * The customer numbered `index`. Identification numbers are spaced by customer number, so two
 * customers never share one (organisation, document type, number).
 */
export function customerOf(catalogue: ActivityCatalogue, index: number): Customer {
  const rng = new Rng(hash32(catalogue.org, index, 21));
  const documentType = catalogue.documentTypes.pick(rng);
  const kind = documentType.toUpperCase();
  const jitter = rng.next();
  let identification: string;
  let name: string;
  if (kind === 'NIT') {
    identification = `${800_000_000 + index * 17 + Math.floor(jitter * 17)}-${rng.int(0, 9)}`;
    name = `${rng.pick(COMPANY_WORDS)} ${rng.pick(COMPANY_NAMES)} S.A.S.`;
  } else {
    if (kind.includes('EXTRANJER')) identification = String(100_000 + index * 13 + Math.floor(jitter * 13));
    else if (kind.includes('PASAPORTE')) identification = `AS${100_000 + index * 7 + Math.floor(jitter * 7)}`;
    else identification = String(1_000_000 + index * 991 + Math.floor(jitter * 991));
    name = `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)} ${rng.pick(LAST_NAMES)}`;
  }
  const [first = 'cliente', last = ''] = name.split(' ');
  const email = rng.chance(0.86) ? `${plain(first)}.${plain(last)}${index % 1000}@${domains.pick(rng)}` : null;
  const phone = rng.chance(0.74) ? `3${rng.pick(['00', '01', '02', '04', '05', '10', '11', '12', '13', '14', '15', '16', '20', '21', '50'])}${String(rng.int(0, 9_999_999)).padStart(7, '0')}` : null;
  return { index, documentType, identification, name, email, phone, cityId: catalogue.cities.pick(rng) };
}

/**
 * The entry-form answers a customer gives a virtual agent (label → value, in form order): the
 * first text field is the name, the document-type select and the document, e-mail and phone when
 * the customer has them (or the field is required), any other required field a plausible value.
 */
export function formAnswers(form: readonly FormField[], customer: Customer): Record<string, string> {
  const data: Record<string, string> = {};
  let named = false;
  for (const field of form) {
    let value: string | null = null;
    switch (field.fieldType) {
      case 'text':
        value = named ? (field.required ? customer.name : null) : customer.name;
        named = true;
        break;
      case 'select':
        if (/tipo/i.test(field.label) && /(document|identificaci)/i.test(field.label)) value = field.options.includes(customer.documentType) ? customer.documentType : (field.options[0] ?? null);
        else if (field.required) value = field.options[customer.index % Math.max(1, field.options.length)] ?? null;
        break;
      case 'document':
        value = customer.identification;
        break;
      case 'email':
        value = customer.email ?? (field.required ? `cliente${customer.index}@correo.example` : null);
        break;
      case 'phone':
        value = customer.phone ?? (field.required ? `3000${String(customer.index % 1_000_000).padStart(6, '0')}` : null);
        break;
      case 'number':
        value = field.required ? String(18 + (customer.index % 60)) : null;
        break;
      default:
        value = field.required ? customer.name : null;
    }
    if (value !== null && value !== '') data[field.label] = value;
  }
  return data;
}

/**
 * Who starts each conversation: a new customer, or one who came before. A returning customer is
 * one first seen at least `gap` slots (hours) earlier, so their first conversation is always the
 * earlier one; early customers come back more often (a few become frequent visitors).
 */
export class CustomerBook {
  private born = 0;
  /** Customers born by the end of each slot, in slot order. */
  private readonly bornBySlot: number[] = [];

  constructor(
    private readonly org: number,
    private readonly returnShare = 0.5,
    private readonly gap = 4
  ) {}

  /** Call once per conversation, in conversation order. */
  choose(n: number, slotIndex: number): { index: number; isNew: boolean } {
    while (this.bornBySlot.length < slotIndex) this.bornBySlot.push(this.born);
    const earlier = slotIndex - this.gap >= 0 ? (this.bornBySlot[slotIndex - this.gap] ?? 0) : 0;
    const rng = new Rng(hash32(this.org, n, 5));
    if (earlier > 0 && rng.chance(this.returnShare)) return { index: 1 + Math.floor(earlier * rng.next() ** 1.6), isNew: false };
    this.born += 1;
    return { index: this.born, isNew: true };
  }

  get count(): number {
    return this.born;
  }
}
