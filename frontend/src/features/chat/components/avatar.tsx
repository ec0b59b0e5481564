import { initial } from '../lib/format';

/** A person's picture, or their initial when they have none (the name is read next to it, so the picture is decorative). */
export function Avatar({ name, src }: { name: string; src: string }) {
  if (src) return <img className="avatar chat-avatar" src={src} alt="" width={40} height={40} loading="lazy" />;
  return (
    <span className="avatar avatar--initial chat-avatar" aria-hidden="true">
      {initial(name)}
    </span>
  );
}
