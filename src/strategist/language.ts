/**
 * Which language an article is written in, and the small words of each language that are
 * never a topic. Shared by the local strategist (framing lines, hashtags) and the plan lint
 * (a hashtag that is a stop word, an English line on a French post). Detection counts
 * function words: a few hundred words of prose are enough to tell these languages apart.
 */

export const LANGUAGES = ["en", "fr", "de", "es", "pt", "it", "nl"] as const;
export type Language = (typeof LANGUAGES)[number] | "other";

const STOP_WORD_LISTS: Record<(typeof LANGUAGES)[number], string> = {
  en: "a an the and or but if of to in on at for with from by as is are was were be been being it its this that these those there here we i you he she they them our your their my me us his her not no so do does did have has had will would can could should may might must just than then also into about over after before what which who whom when where why how all any each every some more most other such only own same too very one two new like get got make made use used way ways",
  fr: "le la les un une des du de d l et ou mais si à au aux en dans sur pour par avec sans est sont était étaient être été c ce cet cette ces il elle ils elles on nous vous je j tu me m te t se s lui leur leurs mon ma mes ton ta tes son sa ses notre nos votre vos qui que qu quoi dont où ne n pas plus moins très tout tous toute toutes comme aussi déjà encore fait faire a ont avait avons avez y bien même alors donc car quand",
  de: "der die das den dem des ein eine einer eines einem einen und oder aber wenn als wie von zu zum zur im in an am auf für mit ohne aus bei nach über unter ist sind war waren sein wird werden wurde hat haben hatte es er sie wir ich du ihr uns unser unsere euch mein meine dein sein ihre nicht kein keine nur auch noch schon sehr so dass daß was wer wo warum wie man sich dann doch mal hier dort diese dieser dieses jede jeder alle viel mehr statt seit bis um vor zwischen durch pro etwa gegenüber prozent euro",
  es: "el la los las un una unos unas y o pero si de del a al en con sin por para es son era eran ser fue sido está están estaba lo le les se nos nosotros vosotros yo tú él ella ellos ellas mi mis tu tus su sus nuestro nuestra que qué quien cuando donde como no más muy también ya todo todos toda todas este esta estos estas ese esa hay tiene tienen hemos ha han",
  pt: "o a os as um uma uns umas e ou mas se de do da dos das ao aos em no na nos nas com sem por para pelo pela é são era eram ser foi sido está estão estava ele ela eles elas eu tu você vocês nós meu minha meus seu sua seus nosso nossa que quem quando onde como não mais muito também já todo todos toda todas este esta isto esse essa isso há tem têm temos",
  it: "il lo la i gli le un uno una e o ma se di del della dei delle a al alla in nel nella con senza per da dal dalla è sono era erano essere stato sta io tu lui lei noi voi loro mi ti ci si vi mio mia tuo suo sua nostro nostra che chi quando dove come non più molto anche già tutto tutti tutta tutte questo questa questi quello quella c ho ha hanno abbiamo",
  nl: "de het een en of maar als van te in op aan voor met zonder uit bij naar over onder is zijn was waren worden wordt werd heeft hebben had ik jij je u hij zij ze wij we ons onze mijn jouw zijn haar hun niet geen ook nog al zeer zo dat wat wie waar waarom hoe er hier daar deze dit die elk elke alle veel meer dan toen",
};

export const STOP_WORDS: Record<(typeof LANGUAGES)[number], Set<string>> = Object.fromEntries(
  LANGUAGES.map((language) => [language, new Set(STOP_WORD_LISTS[language].split(" "))]),
) as Record<(typeof LANGUAGES)[number], Set<string>>;

/** The languages' names in English, for prompts and explanations. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  fr: "French",
  de: "German",
  es: "Spanish",
  pt: "Portuguese",
  it: "Italian",
  nl: "Dutch",
  other: "the article's own language",
};

/** Every language's stop words in one set: a hashtag must not be any of them, whatever the post's language. */
export const ALL_STOP_WORDS = new Set(LANGUAGES.flatMap((language) => [...STOP_WORDS[language]]));

/**
 * Words frequent in any article and empty as a topic: a hashtag of one of these tells a reader
 * nothing (#Minutes, #Spend, #Kunden). Lower case; German nouns are listed in lower case too.
 */
export const GENERIC_WORDS = new Set(
  (
    "written chosen taken given shown changing changed increase increases binnen section sections teaches notes note within without asking night nights morning evening different specific " +
    "january february march april may june july august september october november december janvier février mars avril mai juin juillet août septembre octobre novembre décembre januar februar märz juni juli oktober dezember enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre janeiro fevereiro março maio junho julho setembro outubro novembro dezembro gennaio febbraio aprile maggio giugno luglio settembre ottobre dicembre januari februari maart mei juni juli augustus oktober jan feb mar apr jun jul aug sep sept oct nov dec net gross total update updates alguien algo nadie persona personas cosa quien quienes account accounts write writes quote quotes shift shifts maand maanden mes meses mês mois monat monate mese mesi tinha tinham tenía había hatte hatten avait avaient aveva avevano sharing announcing creating working writing technical already below above almost along nuevo nueva nuevos première premier premières erste ersten primera primero primeira primo prima three four five seven eight nine hundred thousand million trois quatre cinq sept huit neuf cent mille drei vier fünf sechs sieben acht neun hundert tres cuatro cinco seis siete ocho nueve cien três quatro cinco seis sete oito nove quattro cinque sette otto nove cento drie vier vijf zeven acht negen honderd learn learned learning returns accepts gives takes makes means calls wants needs works shows function functions field fields original element elements comparison value values list lists method methods object objects string strings item items keys type types class classes code file files line lines text word words order name names page pages thing things using another something everything nothing because however without before after during under other there their these those about would could should which while where still never always often really again since until issue issues edition newsletter post posts article articles blog minutes minute hours hour days day weeks week months month years year time times people person things thing way ways work works lot lots spend spent part parts point points case cases kind kinds end start place team teams company companies customer customers user users data example examples question questions answer answers number numbers problem problems reason reasons idea ideas result results change changes version versions feature features thanks today week weeks first last next best good great little big long short more most new old right wrong real really" +
    " kunden kunde zeit jahr jahre woche wochen tag tage menschen leute frage fragen antwort antworten beispiel teil ende anfang team firma unternehmen problem probleme" +
    " clients client temps année années semaine semaines jour jours gens chose choses question questions réponse réponses exemple partie fin début équipe entreprise problème" +
    " clientes cliente tiempo año años semana semanas día días gente cosa cosas pregunta preguntas respuesta respuestas ejemplo parte fin equipo empresa problema" +
    " tempo ano anos dia dias coisa coisas pergunta perguntas resposta exemplo parte fim equipe empresa" +
    " klanten klant tijd jaar jaren week weken dag dagen mensen vraag vragen antwoord voorbeeld deel eind team bedrijf" +
    " clienti cliente anno anni settimana giorno giorni persone cosa cose domanda domande risposta esempio parte fine squadra azienda"
  ).split(" "),
);

/** The language of a text by its function words; "other" for scripts and languages outside the list. */
export function detectLanguage(text: string): Language {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  if (words.length === 0) return "other";
  const latin = (text.match(/\p{Script=Latin}/gu)?.length ?? 0) / Math.max(1, text.match(/\p{L}/gu)?.length ?? 0);
  if (latin < 0.5) return "other";
  // Words shared by several languages ("de", "a", "die") count for each: the distinctive ones decide.
  let bestLanguage: Language = "other";
  let bestScore = 0;
  for (const language of LANGUAGES) {
    let hits = 0;
    for (const word of words) if (STOP_WORDS[language].has(word)) hits++;
    const score = hits / words.length;
    if (score > bestScore) [bestLanguage, bestScore] = [language, score];
  }
  // Under 12% function words is not prose in any of these languages (a list of names, code).
  return bestScore >= 0.12 ? bestLanguage : "other";
}

/** Words of prose in every script: one counter for the server, the strategists, the lint and the browser. */
export { countWords } from "../shared/words";

/** A piece of text matched literally inside a regular expression. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A text reduced to its letters and digits, lower case: two lines that say the same words compare equal. */
export const squash = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

/** The English month names, lower case, as alternatives for a regular expression. */
export const EN_MONTHS = "january|february|march|april|may|june|july|august|september|october|november|december";

/** Number words a count is written in ("six things jumped out", "sechs Dinge"), English, French and German. */
export const NUMBER_WORDS: Record<string, number> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  deux: 2,
  trois: 3,
  quatre: 4,
  cinq: 5,
  sept: 7,
  huit: 8,
  neuf: 9,
  dix: 10,
  zwei: 2,
  drei: 3,
  vier: 4,
  fünf: 5,
  sechs: 6,
  sieben: 7,
  acht: 8,
  neun: 9,
  zehn: 10,
};

/**
 * A time on the clock after "It was": "ten past one", "a quarter to six", "just after midnight", "2am", "eleven o'clock", or a
 * day of the calendar: "the second Saturday in June 2022" (round 45's party-hire story).
 * Its "it" points at nothing (round 44's locksmith: "It was ten past one in the morning..." opened the story and was read
 * as leaning on a sentence before it, and the 377-word piece was refused).
 */
export const CLOCK_TIME = String.raw`(?:about\s|nearly\s|almost\s|just\s(?:after\s|before\s)?|gone\s|around\s)?(?:(?:(?:a\s)?quarter|half|five|ten|twenty|twenty-five|\d{1,2})\s(?:past|to)\s\w+|midnight|noon|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d{1,2}(?::\d{2})?)\s?(?:o['’]clock|am|pm|in\sthe\s(?:morning|afternoon|evening)|at\snight)|(?:the|a|an)\s(?:[\p{L}-]+\s){0,2}(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend)(?:\s(?:morning|afternoon|evening|night))?\s(?:in|of|before|after)(?=\s))(?![\p{L}])`;

/** "It was ten past one in the morning, ...": a sentence whose "it" is the clock's, pointing at nothing. */
export const CLOCK_IT = new RegExp(`^It\\s+was\\s+${CLOCK_TIME}`, "iu");
