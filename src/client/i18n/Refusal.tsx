import { Fragment } from 'react';
import { useLang } from './lang';
import { refusalParts } from './refusals';

/**
 * A refusal (the server's or a contract's Chinese) in the page's language, the user data in it
 * marked (docs/i18n.md, "Refusals").
 */
export function Refusal({ text }: { text: string }) {
  useLang();
  return <>{refusalParts(text).map((p, i) => (p.data ? <span key={i} data-user-text>{p.text}</span> : <Fragment key={i}>{p.text}</Fragment>))}</>;
}
