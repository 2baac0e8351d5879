/** What the sites feature lends another feature's screen: the project view draws its Sites tab. */
export { default as SitesTab } from './SitesTab';
