import { render } from 'preact';
import '@shared/theme.css';
import './booking.css';
import { createClient } from '@shared/client';
import { getLang } from '@shared/i18n';
import { readInitialData } from '@shared/wall-clock';
import { pageChoice } from '@core/reach-links.js';
import { BookingFlow } from './flow';
import { isEmbedded, startEmbedded } from './embed';
import type { InitialData } from './types';

document.documentElement.lang = getLang();
const slug = decodeURIComponent(location.pathname.split('/').filter(Boolean)[0] ?? '');
const initial = readInitialData<InitialData>() ?? { config: { captcha_site_key: null, bot_username: null, timezone: 'Asia/Almaty' } };
if (isEmbedded(location.search)) startEmbedded();

render(
  <BookingFlow api={createClient()} slug={slug} initial={initial} preset={pageChoice(location.search)} />,
  document.getElementById('root')!,
);
