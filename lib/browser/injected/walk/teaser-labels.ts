// The words pages open their teasers and plugs with, in the languages of the pages seen most
// (English, German, French, Spanish, Italian, Portuguese, Dutch, Polish): "You may also like",
// "Auch interessant", "À lire aussi", "Te puede interesar", "Leggi anche", "Czytaj także"...
// Used on headings, on label lines ("Mehr zum Thema:") and on one-line teaser links.

/** Phrases that open a block of teasers: the label alone, or the label and then links. */
const TEASER_PHRASES = [
  // English
  'you (may|might|will|could) (also )?(like|enjoy|be interested)', 'related( (stories|articles|posts|content|reading|coverage|news|topics|links|videos))?',
  'more (from|on|in|like this|stories|to read|news|articles)\\b', 'read (more|next|also)\\b', 'recommended( for you| reading| stories| articles)?',
  'most (popular|read|viewed|shared)\\b', 'popular (now|topics|posts|stories)', "don'?t miss", 'trending( now| stories| topics)?', 'also (read|on)\\b',
  'further reading', 'top stories', 'latest (news|stories|posts)', 'explore (more|topics)', 'see also', 'see more',
  // German
  'auch interessant', '(das|dies|diese[rs]?)( thema| artikel| beiträge?)? könnte(n)? (dich|sie|euch) (auch |ebenfalls )?interessieren',
  'könnte (dich|sie|euch) auch interessieren', 'mehr (zum thema|dazu|themen|lesen|artikel|news|nachrichten)\\b', 'weitere (beiträge|artikel|themen|nachrichten|news|infos|informationen|links|topthemen|meldungen)\\b',
  'weiterführende (links?|artikel|informationen|beiträge|literatur)', 'zum weiterlesen', 'lesen sie (auch|hier|mehr|weiter)\\b', 'auch lesen', 'ebenfalls lesenswert',
  'empfohlene (beiträge|artikel)', 'ähnliche (beiträge|artikel|themen)', 'verwandte (beiträge|artikel|themen)', 'passend (dazu|zum thema)', 'das könnte (dir|ihnen) auch gefallen',
  'entdecke(n sie)? (weitere|jetzt|mehr)\\b', 'meistgelesen', 'meist gelesen', 'beliebte (beiträge|artikel)', 'aktuelle (beiträge|artikel|meldungen)', 'siehe auch', 'auch auf [\\w.-]+',
  // French
  '(à )?lire (aussi|également|plus)', 'sur le même (sujet|thème)', 'articles? (similaires|liés|associés)', 'vous (aimerez|pourriez aimer) aussi', 'à découvrir( aussi)?', 'voir aussi', 'les plus lus',
  // Spanish
  '(noticias |notas )?relacionad[ao]s', '(te|le) puede(n)? interesar', '(también )?(te|le) (puede|podría) interesar', 'lea (también|además)', 'lee (también|además)', 'vea (también|además)', 'mire( también)?',
  'más (noticias|leídas|información)\\b', 'lo más (leído|visto)', 'ver (también|más)\\b', 'sigue leyendo', 'seguir leyendo',
  // Italian
  'leggi (anche|pure)', 'articoli correlati', '(ti )?potrebbe(ro)? interessar(ti|e)', 'potrebbe piacerti', 'i più letti',
  // Portuguese
  'leia (também|mais)', 'veja (também|mais)', 'saiba mais', 'mais lidas', 'relacionadas',
  // Dutch
  'lees (ook|meer|verder)', 'meer nieuws', 'gerelateerd(e artikelen)?',
  // Polish
  'czytaj (też|także|również|więcej|dalej)', 'zobacz (też|także|również|więcej)', 'polecamy', 'dowiedz się więcej', 'przeczytaj (też|także|również)', 'najczęściej czytane',
];

/** A heading that opens teasers, plugs, sign-ups and tag lists (the whole heading, a colon allowed). */
export const TEASER_HEADING = new RegExp(
  `^((${TEASER_PHRASES.join('|')})\\b[^.!?]{0,40}|(sign up|subscribe)\\b.*|get (the|our) .*newsletter|newsletter.*|(tags?|topics?|keywords?|filed under|schlagworte|themen|etiquetas|tematy)\\s*:?)\\s*[:：]?$`,
  'iu',
);

/** Opening words of a one-line teaser link (`Read more: …`, `Lesen Sie auch: …`, `VEA TAMBIÉN: …`), up to its separator. */
export const TEASER_LINE = new RegExp(`^(${TEASER_PHRASES.join('|')}|more|related|watch|listen|explore|mehr)\\s*[:：|»›>—–-]`, 'iu');

/** A label line alone, no links of its own, that opens the teasers after it ("Mehr zum Thema:", "Inhaltsverzeichnis"). */
export const TEASER_LABEL = new RegExp(`^(${TEASER_PHRASES.join('|')}|inhaltsverzeichnis|sommaire|índice|indice|spis treści)\\s*[:：.…]*$`, 'iu');
