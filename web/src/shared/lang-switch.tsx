import { LANG_LABELS, LANGS, setLang, useLang } from './i18n';

/** Рус / Қаз / Eng switch; the choice is remembered for every page. */
export function LangSwitch() {
  const lang = useLang();
  return (
    <div class="lang-switch" role="group" aria-label="Язык / Тіл / Language">
      {LANGS.map((code) => (
        <button
          key={code}
          type="button"
          class={code === lang ? 'active' : ''}
          aria-pressed={code === lang}
          lang={code}
          onClick={() => setLang(code)}
        >
          {LANG_LABELS[code]}
        </button>
      ))}
    </div>
  );
}
