import { render } from 'preact';
import { getLang } from '@shared/i18n';
import '@shared/theme.css';
import '@shared/panel.css';
import './superadmin.css';
import { App } from './app';

document.documentElement.lang = getLang();
render(<App />, document.getElementById('root')!);
