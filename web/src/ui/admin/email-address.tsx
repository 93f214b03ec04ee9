/**
 * An e-mail address as text that wraps where a reader expects it (before the "@", after each dot or
 * dash), never in the middle of a name when it can be helped; only an address longer than its box at
 * every such point breaks anywhere (`.adm-address`). Links stay `mailto:` when asked.
 */
import { Fragment } from 'react';

/** The address in pieces, each a place where a line may break. */
export function addressParts(email: string): string[] {
  return email.split(/(?=@)|(?<=[.\-_+])/);
}

export function EmailAddress({
  email,
  link = false,
  className,
}: {
  readonly email: string;
  readonly link?: boolean;
  readonly className?: string;
}) {
  const text = addressParts(email).map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
  const classes = className ? `adm-address ${className}` : 'adm-address';
  return link ? (
    <a className={classes} href={`mailto:${email}`}>
      {text}
    </a>
  ) : (
    <span className={classes}>{text}</span>
  );
}
