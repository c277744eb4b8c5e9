// The program's element part: what node may ask of an element it holds (ElementCalls in
// ./protocol.ts), each handed to the module that holds it.
import {
  ariaOption, ariaOptions, checked, controlKind, controlledListbox, customSelectKind, fileInput, inputKind, radioOfGroup, selectState, shownLabel, toggleRoute, uncheckRadio,
} from './forms/controls.js';
import { submitTarget } from './forms/submit.js';
import type { ElementCallsInPage } from './page-side.js';
import { fieldAfter } from './target/act.js';
import { clickPointOf } from './target/click-point.js';
import { fieldState, leaveField } from './target/field.js';

/** The element calls, the element first. */
export const elementCalls: ElementCallsInPage = {
  clickPoint: clickPointOf,
  fieldState,
  leaveField,
  fieldAfter,
  controlKind,
  checked,
  inputKind,
  toggleRoute,
  shownLabel,
  radioOfGroup,
  uncheckRadio,
  scriptClick: (el) => (el as HTMLElement).click(),
  selectState,
  customSelectKind,
  controlledListbox,
  multiselectable: (el) => el.getAttribute('aria-multiselectable') === 'true',
  ariaOptions,
  ariaOption,
  submitTarget,
  isForm: (el) => el instanceof HTMLFormElement,
  requestSubmit: (el) => (el as HTMLFormElement).requestSubmit(),
  fileInput,
};
