import type * as t from 'io-ts';
import { arrayOf, boolean, described, intAtLeast, intRange, named, nullable, oneOf, string, strictObject } from '../codec/index.js';

// The page as answers carry it (contract 2.2 to 2.4), described with the request codecs' helpers
// so the API document walks both alike. The types below are read off the codecs, so the observer
// and the walker in the page cannot answer a shape the document does not describe.

const elementFields = {
  tag: described(string, 'HTML tag name.'),
  role: described(string, 'Computed ARIA role, such as link, button, textbox, combobox, checkbox, option or treeitem (a clickable element without one: button).'),
  label: described(string, 'Accessible name: the visible label.'),
};
const elementExtras = {
  value: described(string, 'Current value of an input (never a password\'s).'),
  in: described(string, 'Containing landmark: main, form, header, footer, nav, ...'),
  near: described(string, 'Nearest heading; for a control in a post, row or card without a heading of its own before it, the item\'s first line.'),
  form: described(string, 'Ref of the form the element belongs to (f1, ...).'),
};
const option = strictObject({
  value: described(string, 'The value a select step takes.'),
  label: described(string, 'The text shown.'),
  selected: described(boolean, 'Whether it is selected now.'),
});
const elementStates = {
  input_type: described(string, 'Type of an input: text, password, email, date, time, number, checkbox, file, ...'),
  disabled: described(boolean, 'Present (true) when the control is disabled.'),
  checked: described(boolean, 'Checked state of a checkbox, radio, switch or toggle button.'),
  mixed: described(boolean, 'Present (true) when a checkbox is neither checked nor unchecked.'),
  expanded: described(boolean, 'Present on what expands (tree item with children, menu button, details summary, combobox): whether it is open.'),
  selected: described(boolean, 'Selected state of an option, tab or tree item.'),
  required: described(boolean, 'Present (true) when the field must be filled.'),
  multiple: described(boolean, 'Present (true) when several options can be selected at once.'),
  options: described(arrayOf(option, { name: 'options' }), 'The options of a select or listbox (the first 100).'),
};
const ref = described(string, 'Element ref (e1, e2, ...): kept while the element stays on the page, never reused in a session.');

/** An interactive element (contract 2.3). */
export const interactiveElementCodec = named(strictObject({ ref, ...elementFields }, { ...elementExtras, ...elementStates }), 'InteractiveElement');

/** A form (contract 2.4). */
export const formCodec = named(
  strictObject({
    ref: described(string, 'Form ref (f1, f2, ...).'),
    id: described(string, 'The form\'s id attribute (empty when it has none).'),
    action: described(string, 'The form\'s action URL.'),
    method: described(string, 'The form\'s HTTP method.'),
    fields: described(arrayOf(string, { name: 'refs' }), 'Refs of the form\'s elements.'),
  }),
  'Form',
);

const mapItem = strictObject({
  section: described(string, 'Name of the section (landmark or heading).'),
  selector: described(string, 'CSS selector of the section, accepted by observe scope.'),
  hint: described(string, 'The start of the section\'s text.'),
});

const elementRef = strictObject({ ref }, { ...elementFields, ...elementExtras, ...elementStates });

/** A tab's id: t1 for the session's first, then t2, t3, ... never reused in a session. */
export const tabId = described(string, 'Tab id: t1 is the session\'s first tab, then t2, t3, ... never reused in a session.');

/** Why the active tab changed: a page (or a tab step) opened one, the active one closed, or a tab step switched. */
export const TAB_CHANGE_REASONS = ['opened', 'closed', 'switched'] as const;

const changes = strictObject(
  {
    content_changed: described(boolean, 'Whether the content differs from the previous observation.'),
    content_delta: described(nullable(string), 'Lines added (+ ) and removed (- ), bounded; null when the content did not change.'),
    elements_added: described(arrayOf(elementRef, { name: 'elements' }), 'Elements that appeared.'),
    elements_removed: described(arrayOf(elementRef, { name: 'elements' }), 'Elements that left (ref, tag, role, label).'),
  },
  {
    tab: described(
      strictObject({
        from: described(tabId, 'The tab the previous observation showed.'),
        to: described(tabId, 'The tab this observation shows, now the active one.'),
        reason: described(oneOf(TAB_CHANGE_REASONS), 'opened: an action (or a tab step) opened it; closed: the tab before it closed (itself, or by a tab step); switched: a tab step switched to it.'),
      }),
      'Present when this observation is of another tab than the previous one; the diff above is then between the two tabs\' pages.',
    ),
  },
);

const tabEntry = strictObject({
  tab: tabId,
  url: described(string, 'Its URL.'),
  title: described(string, 'Its title.'),
  active: described(boolean, 'Whether it is the active tab: the one the envelope\'s page shows and the steps act on.'),
  opener: described(nullable(tabId), 'The tab whose page opened it; null for the first tab, one a tab step opened, or one a CDP client opened.'),
});

const count = intAtLeast(0);

const scroll = strictObject({
  y: described(count, 'Scroll offset in CSS pixels.'),
  height: described(count, 'Scrollable height in CSS pixels.'),
  viewport: described(count, 'Viewport height in CSS pixels.'),
  percent: described(intRange(0, 100), 'How far down the page the viewport\'s bottom is, in percent.'),
});

const markdown = strictObject(
  { content: described(string, 'The page content as markdown (cleaned HTML with format html).') },
  {
    length: described(
      strictObject({ shown: described(count, 'Characters shown.'), total: described(count, 'Characters in all.') }),
      'Present when the content was cut at max_text_length.',
    ),
  },
);

/** Page state (contract 2.2); with `page: light` only url, title and scroll. */
export const pageStateCodec = named(
  described(
    strictObject(
      {
        url: described(string, 'Current URL.'),
        title: described(string, 'Page title.'),
        scroll: described(scroll, 'Scroll position (of the panel that scrolls, in an app layout whose body does not).'),
      },
      {
        stable: described(boolean, 'True when the network was idle for 300 ms and the DOM quiet for 500 ms; false: still loading, a wait step is advised.'),
        markdown: described(markdown, 'The content.'),
        interactive_elements: described(arrayOf(interactiveElementCodec, { name: 'elements' }), 'Interactive elements with their refs.'),
        forms: described(arrayOf(formCodec, { name: 'forms' }), 'Forms on the page.'),
        map: described(arrayOf(mapItem, { name: 'sections' }), 'Section map: with the first observation of a session and with include_page_map.'),
        changes: described(nullable(changes), 'What changed since the previous observation; null on the first one.'),
        tabs: described(
          arrayOf(tabEntry, { name: 'tabs' }),
          'Every tab of the session, in the order they opened; present only while more than one is open (a session whose pages open nothing answers as before).',
        ),
        captcha: described(
          strictObject({
            kind: described(string, 'recaptcha, hcaptcha, turnstile, challenge or other.'),
            vendor: described(string, 'Who serves it.'),
            message: described(string, 'What was found and where.'),
          }),
          'A CAPTCHA on the page that did not stop the navigation (not rendered, or a widget in a form of a usable page): a form holding it may need it solved. One in the way is the step error captcha_detected or captcha_unsolvable instead.',
        ),
      },
    ),
    'Page state. With page: light only url, title and scroll.',
  ),
  'PageState',
);

/** Page state as the contract's section 2.2 describes it. */
export type PageState = t.TypeOf<typeof pageStateCodec>;

/** An interactive element (contract 2.3). */
export type InteractiveElement = t.TypeOf<typeof interactiveElementCodec>;

/** A form (contract 2.4). */
export type FormInfo = t.TypeOf<typeof formCodec>;

/** One entry of the section map. */
export type SectionMapItem = NonNullable<PageState['map']>[number];

/** The diff against the previous observation. */
export type PageChanges = NonNullable<PageState['changes']>;

/** One tab as page.tabs lists it. */
export type TabEntry = NonNullable<PageState['tabs']>[number];

/** changes.tab: the observation is of another tab than the previous one. */
export type TabChange = NonNullable<PageChanges['tab']>;

/** Scroll position, all integers. */
export type ScrollState = PageState['scroll'];
