// The language this phone speaks, to its players and to the server: the one chosen on this phone
// (Home → language, kept in localStorage), else the first of the phone's languages
// (navigator.languages) the app speaks, else English. Apart from i18n.js, which waits for the
// language's catalog: what needs only the language (the requests a screen starts early) need not
// wait for the words.

export const LANGUAGES = { en: 'English', de: 'Deutsch' };
const STORAGE_KEY = 'scorekeeper.lang';

export function pickLanguage(chosen, preferred = []) {
  if (chosen && chosen in LANGUAGES) return chosen;
  for (const tag of preferred) {
    const base = String(tag).toLowerCase().split('-')[0];
    if (base in LANGUAGES) return base;
  }
  return 'en';
}

function chosenLanguage() {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null; // storage refused (private mode): the phone's language decides
  }
}

export const lang = pickLanguage(chosenLanguage(), navigator.languages || [navigator.language]);
document.documentElement.lang = lang;

/** A request's headers, asking the server to answer in this language. */
export const inLanguage = (headers = {}) => ({ 'Accept-Language': lang, ...headers });

export function setLanguage(language) {
  if (!(language in LANGUAGES) || language === lang) return;
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    return;
  }
  // Every screen, the catalog and the API's words change together: start over in the new language.
  location.reload();
}
