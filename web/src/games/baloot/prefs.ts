/** Client-side table preferences kept in localStorage (never sent to the room): the four-colour deck, the site-wide switch every game's cards follow. */
export { useFourColourDeck as useFourColour } from '../../cards/prefs';
