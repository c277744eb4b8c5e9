// A part of a markdown file that the build writes from code, between two HTML comments.

/** The comment that opens the generated section `name`. */
export const sectionBegin = (name: string): string => `<!-- ${name}:begin (generated from the code by node scripts/build.mjs; do not edit) -->`;
/** The comment that closes the generated section `name`. */
export const sectionEnd = (name: string): string => `<!-- ${name}:end -->`;

/** `text` with the section `name` holding `body`; throws when a marker is missing, so a lost section is noticed. */
export function replaceSection(text: string, name: string, body: string): string {
  const begin = text.indexOf(sectionBegin(name));
  const end = text.indexOf(sectionEnd(name));
  if (begin === -1 || end < begin) throw new Error(`no ${sectionBegin(name)} … ${sectionEnd(name)} section`);
  return `${text.slice(0, begin)}${sectionBegin(name)}\n\n${body.trim()}\n\n${text.slice(end)}`;
}
