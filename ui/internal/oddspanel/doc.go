// Package oddspanel is the tuner's odds panel: for the live settings, how
// often the squads break and each named man routs, when the first man
// routs and how often men break again, each with its 95% interval, a
// histogram of the first rout, and what the last edit changed (a whole
// drag is one edit) and whether beyond the noise.
//
// A [Counter] counts the odds (cmd/demo fills it from the balance lab;
// this package, like ui, never imports lab). [Panel] asks it for the
// settings it is given each tick ([Panel.Update]), lays its latest report
// out as text, and draws it into the slot its owner gives it
// ([Panel.Draw], open or folded to its title and a line: [Panel.Heights]),
// from a picture cached until the report or the slot changes. It knows
// nothing of the App, the game or its scenes: settings in, a picture and
// the published state's part ([Panel.Published]) out.
package oddspanel
