/**
 * The panels' shared widgets, one import for the admin panel's pages: each lives in the file of its
 * responsibility (errors, hooks, fields, states, modal, phone link); /superadmin imports those directly.
 */
export { LangSwitch } from './lang-switch';
export { errorFor, generalError } from './panel-errors';
export { useAction, useDebounced, useLoad, type Loaded } from './panel-hooks';
export { Field, PhoneField, SaveRow, TextField } from './panel-fields';
export { Empty, ErrorBox, ListState, ListTable, Loading } from './panel-states';
export { Modal } from './modal';
export { PhoneLink, displayPhone } from './phone-link';
