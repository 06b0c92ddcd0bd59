import { render } from 'preact';
import { getLang } from '@shared/i18n';
import { leaveDeadEntry } from '@shared/back-closes';
import '@shared/theme.css';
import '@shared/panel.css';
import './admin.css';
import { App } from './app';

leaveDeadEntry();
document.documentElement.lang = getLang();
render(<App />, document.getElementById('root')!);
