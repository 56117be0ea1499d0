// What the Mahjong e2e helpers record on the game's root element inside the page.
export {};
declare global {
  interface Element {
    mjBetLog: [stage: string, higherDisabled: boolean, lowerDisabled: boolean][];
    mjToasts: string[] | undefined;
  }
}
