import { Fragment, type ReactNode } from 'react';

/**
 * A sentence with user data in it (docs/i18n.md): the sentence is one key, each value a
 * placeholder given `dataSlot(i)`; `withData` puts the values back, each marked `data-user-text`,
 * wherever the language places them.
 *
 * `withData(t('“{{k}}”（{{mode}}）', { k: dataSlot(0), mode }), [k])`
 */
export const dataSlot = (i: number) => `\u0001${i}\u0001`;

export const withData = (sentence: string, data: readonly ReactNode[]): ReactNode =>
  sentence.split('\u0001').map((piece, i) => (i % 2 === 1
    ? <span key={i} data-user-text>{data[Number(piece)]}</span>
    : <Fragment key={i}>{piece}</Fragment>));

/** The same for values that are not user data (a count a test finds by its element): put back as they are. */
export const withNodes = (sentence: string, nodes: readonly ReactNode[]): ReactNode =>
  sentence.split('\u0001').map((piece, i) => <Fragment key={i}>{i % 2 === 1 ? nodes[Number(piece)] : piece}</Fragment>);
