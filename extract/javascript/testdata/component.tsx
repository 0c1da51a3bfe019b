import React from 'react';

interface Props { name: string }

export function Greeting({ name }: Props) {
  if (!name) {
    throw new Error('Greeting needs a name');
  }
  const onClick = () => {
    throw new Error(`clicked ${name}`);
  };
  return <button onClick={onClick}>Hello {name}</button>;
}

export default function (props: Props) {
  const el = <div title="x">{props.name}</div>;
  throw new Error('default export');
}
