import '../styles.css';
import '../components/marketing/marketing.css';
import { enhanceMarketingPage } from '../components/marketing/enhance-marketing-page';

/**
 * The only script of a pre-rendered public page (built as its own entry, vite.config.ts): the
 * page's styles and its small DOM behaviour, without React, the router or the app.
 */
enhanceMarketingPage(document);
