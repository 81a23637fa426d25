import { ITEM_TYPES, itemsToText, toResponseItem, type AnswerElementRow } from './items';

/**
 * What each channel shows of an answer, and the fallback that replaces the rest when the answer is
 * sent. The web chat (channel_types 3, the platform's widget) draws every element type. Any other
 * channel (Facebook 1, WhatsApp 2, or one added later) receives the assistant's messages as plain
 * text (LiveMessage.mensaje): texts and links only. An element its channel cannot show is sent as
 * its plain-text fallback (answer_elements.fallback_text) or, without one, its own text form
 * ('name: url' for a file, '- option' lines for options). The editor never refuses an answer for a
 * channel: it is decided here, per conversation, as the answer goes out.
 */
export const WEB_CHANNEL = 3;
const EVERY_TYPE: readonly number[] = Object.values(ITEM_TYPES);
const TEXT_TYPES: readonly number[] = [ITEM_TYPES.text, ITEM_TYPES.link];

/** Whether a conversation of this channel shows elements of this type (undefined: the web chat). */
export function channelShows(channelId: number | undefined, type: number): boolean {
  return (channelId === undefined || channelId === WEB_CHANNEL ? EVERY_TYPE : TEXT_TYPES).includes(type);
}

/** The elements as the channel receives them: those it cannot show become a text element with their fallback (dropped when that is empty). */
export function forChannel(elements: readonly AnswerElementRow[], channelId: number | undefined): AnswerElementRow[] {
  return elements.flatMap((element) => {
    if (channelShows(channelId, element.elementTypesIdType)) return [element];
    const fallback = (element.fallbackText ?? '').trim() || itemsToText([toResponseItem(element)]);
    return fallback === '' ? [] : [{ elementTypesIdType: ITEM_TYPES.text, elementOrderPos: element.elementOrderPos, elementValue: fallback, fallbackText: '' }];
  });
}
