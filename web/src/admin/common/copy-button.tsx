/** "Копировать" → "Скопировано" for an address the owner hands on (the public page, a calendar feed). */
import { useState } from 'preact/hooks';
import { useT, messages } from './messages';

export function CopyButton({ text }: { text: string }) {
  const t = useT(messages);
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      class="btn btn-ghost btn-small"
      onClick={() =>
        void navigator.clipboard?.writeText(text).then(
          () => setCopied(true),
          () => setCopied(false),
        )
      }
    >
      {copied ? t('copied') : t('copy')}
    </button>
  );
}
