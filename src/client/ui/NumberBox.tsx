import { useState, type InputHTMLAttributes } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type' | 'max'> & {
  value: number | null;
  onValue: (value: number | null) => void;
  /** digits allowed after the decimal point (0: whole numbers) */
  decimals?: number;
  max: number;
};

/** what a box of `decimals` places up to `max` keeps of typed text: digits, one point, nothing past `max` */
export const numberBoxText = (typed: string, decimals: number, max: number, before: string): string => {
  const clean = typed.replace(/[０-９．]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/[^\d.]/g, '');
  const [whole, ...rest] = clean.split('.');
  const text = decimals > 0 && rest.length > 0 ? `${whole}.${rest.join('').slice(0, decimals)}` : whole;
  return text !== '' && text !== '.' && Number(text) > max ? before : text;
};

/**
 * A number box in the look of PrimeReact's InputNumber: digits only (full-width ones too), one
 * decimal point where `decimals` allows, nothing above `max`. Plain markup: InputNumber built
 * about nine Intl.NumberFormat objects per box on every mount and prop change (the keyword
 * results' four filter boxes cost ~100 ms of the phone's main thread per page load).
 */
export function NumberBox({ value, onValue, decimals = 0, max, className, ...rest }: Props) {
  const [text, setText] = useState(value === null ? '' : String(value));
  return (
    <span className="p-inputnumber p-component p-inputwrapper">
      <input {...rest} type="text" inputMode={decimals > 0 ? 'decimal' : 'numeric'} autoComplete="off"
        className={`p-inputtext p-component p-inputnumber-input${className ? ` ${className}` : ''}`} value={text}
        onChange={(e) => {
          const next = numberBoxText(e.target.value, decimals, max, text);
          setText(next);
          onValue(next === '' || next === '.' ? null : Number(next));
        }} />
    </span>
  );
}
