import { render } from 'preact';
import '@shared/theme.css';
import './booking.css';
import { api } from '@shared/api';
import { getLang } from '@shared/i18n';
import { readInitialData } from './data';
import { BookingFlow } from './flow';

document.documentElement.lang = getLang();
const slug = decodeURIComponent(location.pathname.split('/').filter(Boolean)[0] ?? '');
const initial = readInitialData() ?? { config: { captcha_site_key: null, bot_username: null, timezone: 'Asia/Almaty' } };

render(<BookingFlow api={api} slug={slug} initial={initial} />, document.getElementById('root')!);
