"""The English templates of every sentence a learner reads, keyed by id: the catalogue's data.

:mod:`.messages` puts them into the learner's language and fills them; the gettext catalogues
of the other languages (``alhambra_nb/locale``) translate them. The other parts of the package
(chapters, widgets, the expansion modules) add theirs with :func:`add_messages`.
"""

from __future__ import annotations

from collections.abc import Mapping

Template = str | tuple[str, str]
"""An English template: one text, or a singular and a plural form (chosen by ``count``)."""

ENGLISH: dict[str, Template] = {
    # nouns
    "side.N": "north",
    "side.E": "east",
    "side.S": "south",
    "side.W": "west",
    "building.pavilion": "pavilion",
    "building.seraglio": "seraglio",
    "building.arcades": "arcades",
    "building.chambers": "chambers",
    "building.garden": "garden",
    "building.tower": "tower",
    "tile.fountain": "fountain",
    "tile.camp": "camp",
    # the legend beside a board: what each mark means
    "legend.wall": "wall",
    "legend.longest": "longest outer wall",
    "legend.violation": "broken rule, by number",
    "legend.blocking": "blocks the walk",
    "legend.hole": "hole",
    "legend.legal": "the tile fits here",
    "edge.0": "open",
    "edge.1": "walled",
    "edge.2": "bastion",
    "edge.3": "plain",
    "list.and": " and ",
    "list.sep": ", ",
    "turns.1": "a quarter turn",
    "turns.2": "half a turn",
    "turns.3": "three quarter turns",
    "tile-at": "the {tile} at {cell}",
    # a tile named so that it is told from the others of its type (where code would write
    # 'tower-9-NE'): {name} is the tile's noun, in the form the sentence asks for
    "tile-words.fountain": "{name}",
    "tile-words.plain": "{name} (price {price}, no walls)",
    "tile-words.walls": (
        "{name} (price {price}, wall {sides})",
        "{name} (price {price}, walls {sides})",
    ),
    "tile-words.camp": (
        "{name} (price {price}, bastion {sides})",
        "{name} (price {price}, bastions {sides})",
    ),
    # the same where the sentence already says where the tile stands: the walls are enough
    "tile-words.plain-short": "{name} (no walls)",
    "tile-words.walls-short": ("{name} (wall {sides})", "{name} (walls {sides})"),
    "tile-words.camp-short": ("{name} (bastion {sides})", "{name} (bastions {sides})"),
    # two sentences said one after the other: with a space between them, or none (Japanese)
    "sentence.join": "{before} {after}",
    "refusal.word": (
        "There is no word for {value}: a building type, a tile, a side or a currency has one."
    ),
    "refusal.language": "There is no language {value}: the languages are {known}.",
    "refusal.catalogue-missing": (
        "The {language} catalogue has not been compiled ({file} is missing): install the "
        "package again (pip install -e .) to compile it."
    ),
    # refusals of bad input: the value quoted, cut short when long
    "refusal.side": "{value} is not a side: a side is one of the letters N, E, S and W.",
    "refusal.sides": (
        "{what}: {value} names the {side} side twice; each side is named at most once."
    ),
    "refusal.sides-kind": "{what} are side letters such as 'NE', not {value}.",
    "refusal.tile-part": "{what}: {reason}",
    "refusal.tile-price": "price must be a whole number from 0 to {most}, not {value}",
    "refusal.tile-bastions": "a {building} has walls, not bastions",
    "refusal.camp-walls": "a camp has bastions and plain sides, not walls",
    "refusal.fountain-plain": "the fountain has no walls and no price",
    "refusal.camp-bastion": "a camp has at least one bastion",
    "refusal.tile-code-kind": "a tile code is a text such as 'tower-9-NE', not {value}",
    "refusal.tile-code": (
        "unknown tile code {value}: expected e.g. 'tower-9-NE', 'garden-10' or 'fountain'"
    ),
    "refusal.tile-unreal": "no tile is called {value}: the nearest real tiles are {near}",
    "refusal.building": "unknown building {value}{hint}: expected one of {names}",
    "refusal.building-hint": " (did you mean {close}?)",
    "refusal.tile-kind": "expected a tile or a tile code such as 'tower-9-NE', not {value}",
    "refusal.gate-side": "a gate stands on a side N, E, S or W, not {value}",
    "refusal.rotation": "rotation is a whole number of quarter turns, not {value}",
    "refusal.cell": "A cell is a pair of integers (x, y), not {value}.",
    "refusal.cell-far": (
        "The cell {value} lies too far from the fountain: a city's cells have |x| and |y| "
        "at most {limit}."
    ),
    "refusal.city-tiles": (
        "A city is given as cells with tiles, such as {{(1, 0): 'garden-10'}}, not {value}."
    ),
    "refusal.city-gates": (
        "The gates of a city are given as (cell, side) pairs, such as [((1, 0), 'E')], not {value}."
    ),
    "refusal.gate-dangling": (
        "The gate on the {side} side of {cell} does not join two tiles: a gate stands on a "
        "double wall between two tiles."
    ),
    "refusal.notation-entry": "Entry {number} ({entry}) is not 'x,y tile-code'.",
    "refusal.notation-tile": "Entry {number} ({entry}): {reason}",
    "refusal.notation-fountain": "Entry {number} ({entry}): the fountain stands at (0, 0).",
    "refusal.notation-origin": "Entry {number} ({entry}): (0, 0) holds the fountain.",
    "refusal.notation-taken": "Entry {number} ({entry}): {cell} already holds {code}.",
    "refusal.card": (
        "unknown card {value}: expected e.g. 'denar-5#2' (currency-value#copy) or 'scoring-1'"
    ),
    "refusal.round": "round must be 1, 2 or 3, not {value}",
    "refusal.counts-building": "counts[{player}] has {value}, not a building type",
    "refusal.counts-number": "counts[{player}][{building}] is {value}, not a count",
    "refusal.notation-kind": "a city notation is a text, not {value}",
    "refusal.currency": (
        "{value} is not a currency: the currencies are denar, dirham, ducat and guilder."
    ),
    "refusal.seat": "There is no seat {value}: this game's seats are 0 to {last}.",
    "refusal.seed": "The seed is a whole number below 2**{bits} either side of 0, not {value}.",
    "refusal.bot-seed": "A bot's seed is a whole number, not {value}.",
    "refusal.variant": "The rule variant {field} is one of {allowed}, not {value}.",
    "refusal.variant-name": "There is no rule variant {value}: the variants are {allowed}.",
    "refusal.variant-kind": (
        "Rule variants are given as Variants(...) or as a dictionary such as "
        "{{'ring': 'n-1'}}, not {value}."
    ),
    "refusal.variant-table": (
        "A table of majority points gives, for each scoring 1, 2 and 3, the points of every "
        "building type; {value} is not one."
    ),
    "refusal.variant-round": (
        "The table of majority points for scoring {round} is missing or not a table of "
        "building types: {value}."
    ),
    "refusal.variant-building": (
        "The table of majority points for scoring {round} names {value}, which is not a "
        "building type."
    ),
    "refusal.variant-missing": (
        "The table of majority points for scoring {round} has no points for: {value}."
    ),
    "refusal.variant-points": (
        "In scoring {round}, the {building} points are 1 to 6 whole numbers from 0 to 1000, "
        "one per place, not {value}."
    ),
    "refusal.players": (
        "The players are given as a count ({least} to {most}) or a list of names, not {value}."
    ),
    "refusal.player-names": "Player names must be different and not blank: {value}.",
    "refusal.player-count": "Alhambra is for {least} to {most} players, not {value}.",
    "refusal.player-count-many": "Alhambra is for {least} to {most} players, not more than {most}.",
    "refusal.player-name-long": (
        "A player name has at most {most} character, not {count} ({value}).",
        "A player name has at most {most} characters, not {count} ({value}).",
    ),
    "refusal.player-name-text": "A player name is text a file can hold, not {value}.",
    "refusal.module-name": "A rules module needs a name, and {value} has none.",
    "refusal.module-twice": "The rules module {value} is switched on twice.",
    "refusal.module-with": (
        "The rules module {value} is switched on together with {other}: they are two readings "
        "of the same rules, and a game follows one."
    ),
    "refusal.bot": (
        "A bot is 'random', 'greedy', 'search', 'search-strong', a bot class or an object "
        "with choose(), not {value}."
    ),
    "refusal.simulations": (
        "A searching bot plays out a whole number of games of at least 1 per move, not {value}."
    ),
    "refusal.search-time": (
        "A searching bot thinks for a number of seconds above 0 per move (or None: no limit), "
        "not {value}."
    ),
    "refusal.hint-game": "A hint is given for a game (or its state), not for {value}.",
    "refusal.simulations-many": (
        "A searching bot plays out at most {most} games per move, not {value}."
    ),
    "refusal.max-actions": (
        "A simulated game is given a whole number of actions from 1 to {most} to end in, "
        "not {value}."
    ),
    "refusal.walls": (
        "The wall points are given as a mapping from player to points, such as "
        "{{'Ana': 4}}, not {value}."
    ),
    "refusal.tiles": "The tiles to draw from are a list of tiles, such as alh.TILES, not {value}.",
    "refusal.money-card": (
        "A money card is a currency, a value from 1 to 9 and a copy from 1 to 3, not {value}."
    ),
    "refusal.state-kind": (
        "An action is applied to the state of a game (game.state), not to {value}."
    ),
    "refusal.hint-over": "The game is over: there is no move left to suggest.",
    "refusal.bots": (
        "{count} player needs {count} bot, not {given}.",
        "{count} players need {count} bots, not {given}.",
    ),
    "refusal.simulation": (
        "The game with seed {seed} did not end within {count} action.",
        "The game with seed {seed} did not end within {count} actions.",
    ),
    "refusal.city-size": "A city holds at most {most} tiles besides the fountain, not {count}.",
    "refusal.coordinate-far": (
        "The coordinate {value} lies too far from the fountain: a city's cells have |x| and "
        "|y| at most {limit}."
    ),
    "refusal.notation-entries": "A city's text holds at most {most} entries.",
    "shown.digits": ("a number of about {count} digit", "a number of about {count} digits"),
    "shown.too-large": "{kind} too large to show",
    "refusal.module": "There is no rules module {value}: the modules are {known}.",
    "refusal.hook": "The rules modules have no hook {value}: the hooks are {known}.",
    "refusal.modules": (
        "The rules modules are given as a list of names, such as ['gates'], not {value}."
    ),
    "refusal.game-state": "A game continues from the state of another game, not {value}.",
    "refusal.counts": (
        "The tiles of each player are given as a mapping from player to counts per "
        "building type, not {value}."
    ),
    "refusal.action-text": (
        "This action cannot be written out as text, so the game cannot record it."
    ),
    "refusal.action-field": "The {field} of this action must be {expected}, not {value}.",
    "expected.number": "a whole number from -{most} to {most}",
    "expected.seat": "a seat number (0 for the first player) or None",
    "expected.flag": "True or False",
    "expected.card": "a card id such as 'denar-3#1'",
    "expected.cards": "a list of card ids such as ['denar-3#1']",
    "expected.tile": "a tile or a tile code such as 'tower-9-NE'",
    "expected.cell": "a cell (x, y) of two whole numbers",
    "expected.cell-near": "a cell with |x| and |y| at most {most}",
    "expected.side": "a side N, E, S or W, or None",
    "expected.action": "an action",
    "refusal.action-field-long": (
        "The {field} of this action must be a text of at most {most} characters, not {count}."
    ),
    "refusal.action-field-cards": (
        "The {field} of this action must be a list of at most {most} cards (no hand holds "
        "more), not {count}."
    ),
    "refusal.action-kind": "An action is an Action or a text such as 'end', not {value}.",
    "refusal.action-unwritten": (
        "{value} is no action of this game: it does not say how it is written (an action "
        "class defines __str__)."
    ),
    "refusal.action-module": (
        "{action} belongs to the rules module {module}, which this game does not use (its "
        "modules: {modules})."
    ),
    "refusal.action-module-none": (
        "{action} belongs to the rules module {module}, which this game does not use (it uses "
        "no rules modules)."
    ),
    "refusal.action-not-text": "An action is written as text such as 'end', not {value}.",
    "refusal.action-long": (
        "The action {value} is too long to be one (at most {most} characters)."
    ),
    "refusal.action-unreadable": "Cannot read the action {value}: {reason}",
    "refusal.action-unknown-text": (
        "Unknown action {value}: expected e.g. 'take denar-3#1', 'buy 2 with dirham-9#1', "
        "'redesign build tower-9-NE at 1,0', 'redesign remove 1,0', 'redesign swap 1,0 for "
        "tower-9-NE', 'place tower-9-NE at 1,0', 'reserve tower-9-NE', 'give tower-9-NE' or "
        "'end'."
    ),
    "refusal.action-field-why": "The {field} of this action: {reason}",
    "refusal.action-unknown": "{action} is no action of this game.",
    "refusal.rule-broken": "A rule of the game forbids this.",
    "refusal.undo": "There is no action to undo.",
    "refusal.el-schauf": "Abdul El'Schauf grants a redesign (build, remove or swap), not {value}.",
    "refusal.save-object": "a saved game is a JSON object, not {kind}",
    "refusal.save-text": "a saved game is JSON text, not {kind}",
    "refusal.save-json": ("not JSON: the text stops making sense at line {line}, column {column}"),
    "refusal.save-unreadable": (
        "not a text a saved game could be: it is not UTF-8, or writes out a number of "
        "thousands of digits"
    ),
    "refusal.save-event": (
        "this event cannot be told as a sentence: a tile, card, player or number it names "
        "is missing or no such thing"
    ),
    "refusal.save-module": (
        "this is not what the rules module keeps on the table: a part is missing or of the "
        "wrong kind"
    ),
    # what is wrong with a field of a saved game ("players[0].money: …")
    "save.field": "{field}: {problem}",
    "save.missing": "is missing",
    "save.expected": "expected {expected}, not {value}",
    "save.at-least": "must be at least {least}, not {value}",
    "save.tile-codes": "expected a list of tile codes, not {value}",
    "save.card-ids": "expected a list of card ids, not {value}",
    "save.card-foreign": "the card {value} is not part of this game",
    "save.players": "a game has 2 to 6 players, not {count}",
    "save.neutral-kind": "expected an object or null, not {value}",
    "save.market": "the market has 4 spaces, not {count}",
    "save.one-of": "expected one of {known}, not {value}",
    "save.extra": "no rules module of this game keeps state here",
    "save.event-unknown": "unknown event {value}",
    "save.object": "expected an object, not {value}",
    "save.name-blank": "a player's name is not blank, not {value}",
    "save.round": "a scoring round is 1, 2 or 3, not {value}",
    "save.not-playing": "{value} plays no part in this game",
    "save.not-scored": "{value} was not scored",
    "save.points-all": "holds the points of every player scored, and only theirs",
    "save.names-differ": "player names must differ, not {value}",
    "save.neutral-two": "a two-player game has a neutral player, and only a two-player game",
    "save.neutral-name": "{value} is also a player's name",
    "save.gate-no-module": "a gate stands, but no module has gates",
    "save.city-illegal": "an illegal Alhambra: {why}",
    "save.display": "the money display holds 4 cards, not {count}",
    "save.revealed": "{value} is revealed but was not scored",
    "save.ending": "the game is ending, but nothing holds up its end",
    "save.current": "no seat {seat} among {count}",
    "save.receiver": "no seat {value}",
    "save.over-bag": (
        "the game is over with {count} tile still in the bag: a game ends only when the bag "
        "cannot fill the market",
        "the game is over with {count} tiles still in the bag: a game ends only when the bag "
        "cannot fill the market",
    ),
    "save.over-scorings": (
        "the game is over after {count} scoring: a game ends with the third",
        "the game is over after {count} scorings: a game ends with the third",
    ),
    "save.score-sum": "is {value}, but the recorded scorings give {total}",
    "save.actions-many": (
        "{value} actions in one turn: a turn has at most {most} (only an exact payment gives "
        "another action, and the market has four spaces)"
    ),
    "save.receivers": "the final placing is the current player's",
    "save.scorings": (
        "{count} scoring after {revealed} scoring cards, the game not over",
        "{count} scorings after {revealed} scoring cards, the game not over",
    ),
    "save.card-twice": "the card {value} is also in {where}",
    "save.card-nowhere": "the card {value} is nowhere ({count} missing)",
    "save.card-place": "the card {value} never lies here",
    "save.tile-missing": "the {tile} {code} is missing",
    "save.tile-many": (
        "the {tile} {code} occurs {count} time",
        "the {tile} {code} occurs {count} times",
    ),
    "save.tile-foreign": "the tile {code} is not part of this game",
    "save.text-long": "a saved game is at most {most} characters, not {count}",
    "save.nested": "lists and objects are nested at most {most} deep, not {count}",
    "save.nested-most": "lists and objects are nested at most {most} deep",
    "save.digits": ("a number of {count} digit", "a number of {count} digits"),
    "save.values": "a saved game holds at most {most} values, not {count}",
    "save.values-most": "a saved game holds at most {most} values",
    "save.number": "a number in a saved game is at most {most} either side of 0, not {value}",
    "save.not-a-field": "is not a field of a saved game",
    "save.either": "{kinds} or {last}",
    "save.list-sep": ", ",
    "save.json.array": "a list",
    "save.json.object": "an object",
    "save.json.integer": "a whole number",
    "save.json.number": "a number",
    "save.json.string": "a text",
    "save.json.boolean": "true or false",
    "save.json.null": "null",
    "save.minimum": "must be at least {bound}, not {value}",
    "save.maximum": "must be at most {bound}, not {value}",
    "save.entries-least": "holds at least {most} entries, not {count}{why}",
    "save.entries-most": "holds at most {most} entries, not {count}{why}",
    "save.about": " ({about})",
    "save.minLength": "a text of at least {bound} characters, not {count}",
    "save.maxLength": "a text of at most {bound} characters, not {count}",
    "save.pattern": "{value} is not {about}",
    "save.pattern-form": "{value} is not of the expected form",
    "save.unique": "holds the same entry twice: {value}",
    "save.key": "a key is not {about}: {value}",
    "save.key-form": "a key is not of the expected form: {value}",
    "kind.none": "null (nothing)",
    "kind.bool": "true or false",
    "kind.number": "a number",
    "kind.text": "a text",
    "kind.list": "a list",
    "kind.object": "a JSON object",
    "kind.bytes": "raw bytes",
    "kind.other": "something else",
    # whole-city rules (a position typed in by hand)
    "city/fountain": "The fountain must stand at (0, 0), and only there.",
    "city/walking": (
        "A pedestrian cannot walk from the fountain to the {tile} at {cell} without "
        "crossing a wall or leaving the tiles."
    ),
    "city/no-holes": "The empty cells {empty} are closed in by tiles on every side.",
    "city/touches": "The {tile} at {cell} is not joined to the rest of the Alhambra.",
}
"""The English templates. Keys are rule ids, optionally with ``:variant``, event and widget
ids, and noun ids (``building.tower``, and ``building.tower@acc`` for its forms)."""

# -- game rules (RULES.md §2-§7): the turn, money, buying, and the game log ---------------
ENGLISH.update(
    {
        "currency.denar": "Denar",
        "currency.dirham": "Dirham",
        "currency.ducat": "Ducat",
        "currency.guilder": "Guilder",
        # an amount of money in one currency: the number and the currency as the language
        # writes them together (a plural form per number where the language bends the noun)
        "amount.denar": ("{count} Denar", "{count} Denar"),
        "amount.dirham": ("{count} Dirham", "{count} Dirham"),
        "amount.ducat": ("{count} Ducat", "{count} Ducat"),
        "amount.guilder": ("{count} Guilder", "{count} Guilder"),
        "turn/game-over": "The game is over: nobody takes another action.",
        "turn/not-your-turn": "It is {current}'s turn, not {player}'s.",
        "turn/no-action-left": (
            "{player} has no action left this turn: only an exact payment grants another action."
        ),
        "turn/no-action-left:placing": (
            "{player} has begun placing the bought tiles, which ends the turn: no more actions."
        ),
        "turn/no-action-left:final": (
            "The game is over but for the last tiles: {player} may only build or reserve them."
        ),
        "turn/place-first": (
            "{player} still has to place {tiles}: each goes into the Alhambra or onto the "
            "reserve board before the turn ends."
        ),
        "turn/place-first:neutral": (
            "{player} still has to place {tiles}: each goes into the Alhambra, onto the "
            "reserve board or to the neutral player before the turn ends."
        ),
        "turn/act-first": (
            "{player} has not acted yet: a turn is taking money, buying a building or "
            "redesigning the Alhambra."
        ),
        "money/not-displayed": (
            "{cards} is not in the money display ({display}).",
            "{cards} are not in the money display ({display}).",
        ),
        "money/none": "Taking money means taking at least one card from the money display.",
        "money/over-limit": (
            "{cards} total {total}: several cards may be taken together only when they total "
            "at most {limit}; a single card of any value may always be taken."
        ),
        "buy/no-tile": "Market space {space} holds no tile to buy.",
        "buy/no-tile:space": "There is no market space {space}: the spaces are 1 to 4.",
        "buy/not-in-hand": "{player} does not hold {cards}.",
        "buy/wrong-currency": (
            "Space {space} sells the {tile} for {currency} only, and {cards} is not {currency}.",
            "Space {space} sells the {tile} for {currency} only, and {cards} are not {currency}.",
        ),
        "buy/insufficient-money": (
            "Space {space} sells the {tile} for {money}, but {cards} total only {total}: no "
            "building is sold for less than its price."
        ),
        "place/not-bought": (
            "{player} has no {tile} waiting to be placed: only tiles bought this turn are "
            "placed at its end."
        ),
        "place/no-neutral": "Only in a two-player game is there a neutral player to give tiles to.",
        "place/no-neutral:final": (
            "Tiles handed out at the end of the game are built or reserved, not given to the "
            "neutral player."
        ),
        "redesign/not-in-reserve": "{player} has no {tile} on the reserve board.",
        "redesign/same-tile": (
            "Swapping the {tile} at {cell} for its twin from the reserve would change nothing."
        ),
        # the game log
        "event.money": (
            "{player} is dealt {cards}: {total} in {count} card.",
            "{player} is dealt {cards}: {total} in {count} cards.",
        ),
        "event.start": "{player} starts the game: {reason}.",
        "event.start:cards": "the fewest cards ({count})",
        "event.start:total": "the fewest cards ({count}) and the lowest total ({total})",
        "event.start:seat": (
            "the fewest cards ({count}) and the lowest total ({total}), and the first seat "
            "among equals"
        ),
        "event.neutral": (
            "{neutral}, the neutral player, takes {count} tile from the bag: {tiles}.",
            "{neutral}, the neutral player, takes {count} tiles from the bag: {tiles}.",
        ),
        "event.take": "{player} takes {cards} from the money display.",
        "event.buy-exact": (
            "{player} paid {money} exactly for the {tile} and takes another action."
        ),
        "event.buy-over": (
            "{player} paid {money} for the {tile} costing {price}: no change is given, and "
            "the turn has no further action."
        ),
        "event.build": "{player} builds the {tile} from the reserve at {cell}.",
        "event.remove": "{player} moves the {tile} at {cell} to the reserve board.",
        "event.swap": "{player} swaps the {old} at {cell} for the {tile} from the reserve.",
        "event.place": "{player} builds the {tile} at {cell}.",
        "event.reserve": "{player} puts the {tile} on the reserve board.",
        "event.give": "{player} gives the {tile} to {neutral}, the neutral player.",
        "event.end": "{player} ends the turn.",
        "event.market": "Market space {space} ({currency}) gets the {tile}.",
        "event.market-short": (
            "The bag is empty, so market space {space} stays empty: the game ends."
        ),
        "event.reshuffle": (
            "The money deck is used up: the {count} card of the discard pile is shuffled "
            "into a new deck.",
            "The money deck is used up: the {count} cards of the discard pile are shuffled "
            "into a new deck.",
        ),
        "event.deck-empty": "Deck and discard pile are empty: the money display stays short.",
        "event.scoring-card": (
            "Scoring card {round} is revealed and set aside: a scoring follows before the next "
            "turn."
        ),
        "event.scoring": "Scoring {round}: {points}.",
        "event.final-tile": (
            "{player} receives the {tile} from space {space}, holding the most {currency} "
            "({amount})."
        ),
        "event.final-tie": (
            "Nobody receives the {tile} from space {space}: {players} tie with {money}."
        ),
        "event.final-none": (
            "Nobody receives the {tile} from space {space}: nobody holds any {currency}."
        ),
        "event.game-over": (
            "The game is over: {winners} wins with {points}.",
            "The game is over: {winners} share the win with {points}.",
        ),
        # words the log and a game's table name things with
        "points.count": ("{count} point", "{count} points"),
        "cards.none": "nothing",
        "cards.no-cards": "no cards",
        "card.money": "{value} {currency}",
        "card.scoring": "scoring card {round}",
        "tiles.none": "none",
        "player.seat": "seat {seat}",
        "player.default-name": "Player {number}",
        # the neutral player of a two-player game: each rulebook gives him a name of its own
        "neutral.name": "Dirk",
        # a game printed: print(game)
        "game.heading": "Game of {players} (seed {seed}): turn {turn}, {player} to play",
        "game.heading-over": (
            "Game of {players} (seed {seed}): over, won by {winners}",
            "Game of {players} (seed {seed}): over, won by {winners} together",
        ),
        "game.market": "market space {space} ({currency}): {code}",
        "game.market-tile": "market space {space} ({currency}): {tile}",
        "game.market-empty": "market space {space} ({currency}): empty",
        "game.display": "money display: {cards}",
        "game.display-empty": "money display: empty",
        "game.player": (
            "{player}: {count} point; money {money}",
            "{player}: {count} points; money {money}",
        ),
        "game.money": "{amount} {currency}",
        "game.reserve": "reserve: {tiles}",
        "game.reserve-empty": "reserve: empty",
        "game.neutral": (
            "{player} (the neutral player): {count} point",
            "{player} (the neutral player): {count} points",
        ),
        "game.neutral-tiles": (
            "{player} (the neutral player): {count} point; tiles {tiles}",
            "{player} (the neutral player): {count} points; tiles {tiles}",
        ),
    }
)

# -- a scoring explained (RULES.md §5): one line per building type, walls, bonuses, totals ---
ENGLISH.update(
    {
        "scoring.heading": "Scoring {round}:",
        "scoring.type": "{building}: {places}",
        "scoring.type-none": "{building}: nobody has one, nobody scores",
        "scoring.separator": "; ",
        "scoring.holder": "{player} {count}",
        "scoring.place.1": "1st",
        "scoring.place.2": "2nd",
        "scoring.place.3": "3rd",
        "scoring.place.4": "4th",
        "scoring.place.5": "5th",
        "scoring.place.6": "6th",
        "scoring.place.n": "{number}th",
        "scoring.place-nothing": "{who}: {places}, which scores nothing this round",
        "scoring.place": "{who}: {places}, {each}",
        "scoring.tie-first": "{who} tie for {place}: {points} → {each} each",
        "scoring.tie": "{who} tie for {places}: {sum} = {total} → {each} each",
        "scoring.player-points": "{player} {points}",
        "scoring.walls": "longest walls: {walls}",
        "scoring.walls-none": "longest walls: none",
        "scoring.bonus": "{source}: {player} {points}",
        "scoring.bonus-why": "{source}: {player} {points} ({detail})",
        "scoring.totals": "points this scoring: {totals}",
        # the bonuses of expansion II: a scoring record keeps the detail in English, written
        # from these templates, and a reader sees it in their language
        "bonus.source.camps": "camps",
        "bonus.detail.camps": ("{count} arrow: {points}", "{count} arrows: {points}"),
        "bonus.detail.yusuf": "{walls} wall points / 3",
        "bonus.detail.fatime": "kept",
        "bonus.detail.hakim": "{building}: {points} × 1.5 = {total}",
        "bonus.detail.hakim-half": "half a {building} for {player}",
    }
)

# -- the scoring lab (alhambra_nb.lab): what if, many games, their plots ----------------------
ENGLISH.update(
    {
        "lab.illegal": "{player}'s Alhambra is not legal: {why}",
        "lab.no-player": "There is no player {value} (the players: {players}).",
        "lab.change-refused": "{player} cannot make the change {change}: {why}",
        "lab.change-form": "a change is written 'x,y tile-code' or 'x,y -', not {value}",
        "lab.games-count": "The number of games n is a whole number, at least 1, not {value}.",
        "lab.what-if": "What if {player}: {change}",
        "lab.what-if-round": "scoring {round}: {totals}",
        "lab.what-if-player": "{player} {before} → {after} ({difference})",
        "lab.what-if-sources": "{player}: {changes}",
        "lab.what-if-source": "{source} {before} → {after}",
        "lab.source.wall": "wall",
        "lab.source.bonus": "expansion bonuses",
        "lab.processes": "The number of processes is a whole number, at least 1, not {value}.",
        "lab.games-many": "At most {most} games are played in one go, not {value}.",
        "lab.executor": (
            "The executor runs the games: a concurrent.futures executor, such as "
            "distributed.Client(...).get_executor() for a Dask cluster, not {value}."
        ),
        "lab.position-kind": (
            "The Alhambra of {player} is given as a city or its text notation, such as "
            "'1,0 garden-10-N', not {value}."
        ),
        "lab.worker-lost": (
            "A worker process stopped before its games were done (it may have run out of "
            "memory); {count} of {total} games had finished, and they are kept.",
            "A worker process stopped before its games were done (it may have run out of "
            "memory); {count} of {total} games had finished, and they are kept.",
        ),
        "lab.ways": (
            "A comparison needs two or more ways to play, given either as variants={{name: "
            "variants, ...}} or as lineups={{name: bots, ...}}, not both."
        ),
        "lab.metric": "There is no number column {value} to compare; the columns are: {columns}.",
        "lab.seat": "There is no seat {value} in these games.",
        "lab.column": "There is no column {value} in this table; the columns are: {columns}.",
        "lab.not-a-table": (
            "The lab reads its own tables, such as sim.players or sim.games, not {value}."
        ),
        "lab.table-columns": (
            "A table's columns are given as a list of different names, not {value}."
        ),
        "lab.table-rows": (
            "Each row of a table is a list of {count} value, one per column, not {value}.",
            "Each row of a table is a list of {count} values, one per column, not {value}.",
        ),
        "lab.table-key": (
            "A table is read by a row number, a column name or a list of column names, not {value}."
        ),
        "lab.pairs": ("Paired values come in pairs: {before} values before, but {after} after."),
        "lab.sample": (
            "A confidence interval needs at least two numbers, one per game or player, not {value}."
        ),
        "lab.confidence": "The confidence is a share between 0 and 1, such as 0.95, not {value}.",
        "lab.resamples": "The number of resamples is a whole number, at least 100, not {value}.",
        "lab.interval": "{estimate} ({percent} % interval {low} to {high})",
        "lab.compare": (
            "{count} game played each way, compared with {baseline} (averages per player and "
            "game):",
            "{count} games played each way, compared with {baseline} (averages per player and "
            "game):",
        ),
        "lab.compare-line": "{way}: {metric} {before} → {after}, difference {interval}",
        "lab.metric.score": "final score",
        "lab.metric.points_wall": "wall points",
        "lab.metric.win": "share of wins",
        "lab.metric.win_share": "share of wins (ties split)",
        "lab.metric.longest_wall": "longest wall",
        "lab.plot.compare-title": "Difference from {baseline}, with its interval",
        "lab.plot.difference": "difference, game by game",
        "lab.summary": (
            "{count} game, bots {bots}, seed {first}",
            "{count} games, bots {bots}, seeds {first}…{last}",
        ),
        "lab.summary-points": "points per player and game, all three scorings:",
        "lab.summary-source": "{source} mean {mean}  max {most}",
        "lab.summary-second": "second scoring: turn {first}–{last}, median {median}",
        "lab.summary-walls": "longest wall at the end: mean {mean}, max {most}",
        "lab.games": "games",
        "lab.games-all-ways": "games (all ways together)",
        "lab.plot.points-label": "points per player and game",
        "lab.plot.points-title": (
            "Points by source over {count} game (all three scorings)",
            "Points by source over {count} games (all three scorings)",
        ),
        "lab.plot.second-label": "turn of the second scoring",
        "lab.plot.games": "games",
        "lab.plot.share": "share of games before turn N",
        "lab.plot.second-title": "How often the second scoring comes before turn N",
        "lab.plot.wall-label": "longest wall at the end (tile sides)",
        "lab.plot.players": "players",
        "lab.plot.wall-title": "How long the longest wall gets",
    }
)

NOUN_FORMS = ("nom", "acc", "dat", "gen", "ins", "loc")
"""Grammatical forms a translation may ask of a noun: ``{tile:acc}`` in a template writes the
tile's name in the form its language's catalogue gives as ``acc`` (what each form holds —
a case ending, an article — is the language's choice; English has one form for all)."""


def add_messages(templates: Mapping[str, Template]) -> None:
    """Add the English ``templates`` of a part of the package (chapters, widgets) to the
    catalogue; a key already there must keep its text."""
    for key, english in templates.items():
        known = ENGLISH.setdefault(key, english)
        if known != english:
            raise ValueError(f"message {key!r} is defined twice with different texts")


# -- the hint (core/search.py): the moves a searching player prefers, and what each does
ENGLISH.update(
    {
        "hint.heading": "Good moves for {player} now, best first:",
        "hint.buy": "Buy the {tile} on market space {space} with {cards}.",
        "hint.take": "Take {cards}.",
        "hint.build": "Build the {tile} from your reserve at {cell}.",
        "hint.place": "Build the {tile} at {cell}.",
        "hint.reserve": "Put the {tile} on your reserve board.",
        "hint.end": "End your turn.",
        "hint.other": "Take the move the expansion offers you now.",
        "hint.exact": "You pay exactly, so you get another action.",
        "hint.overpay": (
            "You pay {count} more than the price and get no change back.",
            "You pay {count} more than the price and get no change back.",
        ),
        "hint.no-cell": (
            "No cell of your Alhambra takes the {tile} yet: it goes onto your reserve board."
        ),
        "hint.wall": "Your longest wall goes from {before} to {length}.",
        "hint.majority-win": (
            "You would have the most {building} tiles ({mine}, {rival} has {best}): "
            "worth {count} point at the next scoring.",
            "You would have the most {building} tiles ({mine}, {rival} has {best}): "
            "worth {count} points at the next scoring.",
        ),
        "hint.majority-defend": (
            "You keep the most {building} tiles ({mine}, {rival} has {best}): "
            "worth {count} point at the next scoring.",
            "You keep the most {building} tiles ({mine}, {rival} has {best}): "
            "worth {count} points at the next scoring.",
        ),
        "hint.majority-level": (
            "You draw level with {rival} in {building} tiles ({mine} each): "
            "level players share the points."
        ),
        "hint.majority-behind": (
            "{rival} still has more {building} tiles ({best}) than you would ({mine})."
        ),
        "hint.money-kept": (
            "You then hold money worth {count} in all to spend at the market.",
            "You then hold money worth {count} in all to spend at the market.",
        ),
        "hint.exact-later": (
            "Next time you can pay exactly for the {tiles} on the market.",
            "Next time you can pay exactly for the {tiles} on the market.",
        ),
        "hint.best": "In the games the computer played out, this move did best.",
        "hint.worse": (
            "In the games the computer played out, it did about {count} point worse than the "
            "first move.",
            "In the games the computer played out, it did about {count} points worse than the "
            "first move.",
        ),
        "hint.as-good": (
            "In the games the computer played out, it did about as well as the first move."
        ),
    }
)

# -- expansion II (RULES.md §9): what the core itself says of it (a diamond payment's currency,
# a gate without a card); each module's own templates are in its package's messages.py
ENGLISH.update(
    {
        "currency.diamond": "Diamonds",
        "amount.diamond": ("{count} Diamond", "{count} Diamonds"),
        "gate/no-card": (
            "{player} holds no gate card: putting up a gate on a double wall takes one."
        ),
    }
)

# The widgets' words: notes, verdicts and (keys "page.…") what the page itself writes — button
# labels, tray titles and status templates, sent to the page so that a translated catalogue
# translates the widget too.
ENGLISH.update(
    {
        "legend.bastion": "bastion and its arrow",
        "widget.ignored-message": "Ignored a message from the page: {reason}",
        "widget.ignored-message-failed": "Ignored a message from the page ({error}).",
        "widget.ignored-change": "Ignored a change from the page: {reason}",
        "widget.pick-tile-first": "Pick a tile from the tray first.",
        "widget.board-changed": "The board changed just then: point at the cell again.",
        "widget.pick-tile-to-turn": "Pick a tile from the tray first, then turn it.",
        "widget.nothing-to-undo": "Nothing to undo.",
        "widget.undone": "Undone.",
        "widget.refused-place": "The {tile} cannot go at {cell}. {why}",
        "widget.refused-remove": "The {tile} cannot leave {cell}. {why}",
        "widget.refused-swap": "The {tile} cannot swap in at {cell}. {why}",
        "widget.moved": "Moved the {tile} from {cell} to the reserve.",
        "widget.swapped": "Swapped the {old} at {cell} for the {tile}.",
        "widget.placed": "Placed the {tile} at {cell}{gate}.",
        "widget.with-gate": " with a gate on its {side} side",
        "widget.verdict-ok": "{cell}: {doing}.",
        "widget.verdict-broken": (
            "{cell}: {count} rule broken. {why}",
            "{cell}: {count} rules broken. {why}",
        ),
        "widget.verdict-item": "{number}. {message}",
        "widget.doing-place": "you can place the {tile} here{gate}; click or press Enter to do it",
        "widget.doing-build": "you can build the {tile} here{gate}; click or press Enter to do it",
        "widget.doing-return": (
            "the {tile} may come back here{gate}; click or press Enter to build it"
        ),
        "widget.doing-remove": "the {tile} may go to the reserve; click or press Enter to move it",
        "widget.doing-swap": "the {tile} may replace the {old}; click or press Enter to swap",
        "widget.empty-pick-reserve": "{cell}: empty; pick a reserve tile to put it here.",
        "widget.tray-tiles": "Tiles to try",
        "widget.tray-reserve": "Reserve",
        "widget.failed-mark": "✗ {text}",
        "widget.done-mark": "✓ {text}",
        "widget.game-pick-tile": (
            "Choose one of your bought tiles (or a reserve tile after pressing Redesign) "
            "first, then the cell."
        ),
        "widget.game-table-changed": "The table changed just then: try again.",
        "widget.game-bot-turn": "It is the turn of {player}, played by a bot: press Bot plays.",
        "widget.game-over": "The game is over.",
        # the game table's prompts and notes
        "prompt.bot-playing": "{player} (bot) is playing.",
        "prompt.bot-waits": "{player} (bot) is to play: press Bot plays.",
        "prompt.held": "{player}: {what} Use the buttons under the market.",
        "prompt.el-schauf": (
            "{player}: Abdul El'Schauf's redesign: click a tile of your Alhambra to move it "
            "to the reserve, or choose a reserve tile and a cell."
        ),
        "prompt.final-tiles": (
            "{player} received market tiles: choose one and click a cell (✓ marks where it "
            "fits) or press To reserve; then End turn."
        ),
        "prompt.again": (
            "{player}: exact payment, so another action (take money, buy or redesign). "
            "Placing a bought tile now gives up that action: place after it, before End turn."
        ),
        "prompt.act": (
            "{player}: pick display cards and press Take money, or a market space and the "
            "cards to pay and press Buy, or press Redesign."
        ),
        "prompt.act-no-redesign": (
            "{player}: pick display cards and press Take money, or a market space and the "
            "cards to pay and press Buy."
        ),
        "prompt.place": (
            "{player}: place the bought tiles: choose one, click a cell (✓ marks where it "
            "fits) or press To reserve."
        ),
        "prompt.end": "{player}: your turn is done; press End turn.",
        "prompt.redesign": (
            "{player}: redesign. Click a tile of your Alhambra to move it to your reserve "
            "board, or choose a reserve tile and a cell for it (✓ marks what is allowed); "
            "press Redesign again to stop."
        ),
        "widget.game-pick-space": "Pick a market space first, then the cards to pay.",
        "widget.game-pick-cards": (
            "Pick the money cards of your hand to pay with first, then press Buy."
        ),
        "widget.game-el-schauf": (
            "Abdul El'Schauf: one more redesign. Click a tile of your Alhambra to move it to "
            "the reserve, or choose a reserve tile and a cell (✓ marks what is allowed)."
        ),
        "widget.game-bot-played": "The bot played its turn: see the marked lines in the log.",
        "widget.game-done": "Done.",
        "widget.game-undone": "Taken back: {action}",
        "widget.game-undone-with-bots": (
            "Taken back: {action} And {count} bot action after it.",
            "Taken back: {action} And {count} bot actions after it.",
        ),
        "widget.game-pay-bid": "Pay {cards} ({total}) for the character: press Pay.",
        "widget.game-gate-opens": "Only with a gate the {tile} also fits at {cells}.",
        "widget.game-gate-opens-none": "A gate opens no new cell for the {tile}.",
        "widget.game-take": "Take {cards} ({total} in all): press Take money.",
        "widget.game-buy-exact": (
            "Pay {cards} ({money}) for the {tile} (price {price}): exact, so you may take "
            "another action. Press Buy."
        ),
        "widget.game-buy-over": (
            "Pay {cards} ({money}) for the {tile} (price {price}): {over} more than the "
            "price: no change is given and no further action follows. Press Buy."
        ),
        # what the game table's page writes; {…} are filled on the page
        "game-page.table": "Alhambra game table",
        "game-page.cell-idle": (
            "{label}. Choose a bought or reserve tile, or press Redesign, to act here."
        ),
        "game-page.cell-idle-no-redesign": "{label}. Choose a bought or reserve tile to act here.",
        "game-page.press-pay": "Press Pay to have these cards checked.",
        "game-page.press-take": "Press Take money to have these cards checked.",
        "game-page.space": "space {space}",
        "game-page.buying": "Buying from {space}: pick the cards to pay from your money.",
        "game-page.press-buy": "Press Buy to have this payment checked.",
        "game-page.wrong-currency": (
            "Only {currency} cards pay at this space: pick cards of that currency."
        ),
        "game-page.pick-space": "Pick the market space to buy from.",
        # the game table's hint and the bots' level
        "game-page.tools": "Hint and bots",
        "game-page.hint": "Hint",
        "game-page.hint-title": "Suggest good moves for the player to play (takes a moment)",
        "game-page.hint-busy": "Looking for good moves…",
        "game-page.hint-hide": "Hide the hint",
        "game-page.level": "Bots play:",
        "widget.hint-title": "Hint for {player}: the best moves found, best first.",
        "widget.hint-failed": "No hint could be found this time; the table has not changed.",
        "widget.level-random": "Beginner (random)",
        "widget.level-greedy": "Easy (greedy)",
        "widget.level-search": "Medium (search)",
        "widget.level-search-strong": "Hard (deeper search)",
        "widget.level-custom": "Your own bots",
        "widget.level-set": "The bots now play at the level {level}; the game goes on as it was.",
        "widget.bad-level": "level must be one of {levels}, not {value}",
        "widget.bad-no-bot-seats": "no seat of this table is played by a bot: no level to set",
        # what the city widget's page writes; {…} are filled on the page
        "page.controls": "Board controls",
        "page.turn": "⟳ Turn",
        "page.turn-title": "Turn the tile a quarter turn (r)",
        "page.redesign": "Redesign",
        "page.redesign-title": "Move tiles to and from the reserve",
        "page.wall": "Longest wall",
        "page.counts": "Counts",
        "page.undo": "Undo",
        "page.gate": "Gate:",
        "page.gate-group": "Gate on a side of the new tile (expansion II)",
        "page.gate-none": "none",
        "page.gate-none-title": "No gate",
        "page.gate-title": "A gate on the {side} side of the new tile: it opens a double wall",
        "page.tiles": "Tiles to try",
        "page.reserve": "Reserve",
        "page.empty": "(empty)",
        "page.longest-wall": "longest wall",
        "page.legend": "Legend",
        "page.board": "Alhambra: one cell per grid square",
        "page.try-here": "{label}. Pick a tile from the tray to try it here.",
        "page.redesign-hint": "Redesign: point at a tile to see whether it may go to the reserve.",
        "page.pick-hint": "Pick a tile from the tray, then point at a cell.",
        "page.fits-none": "Trying the {tile}: it fits nowhere here. Point at a cell to see why.",
    }
)


def _noun_forms() -> dict[str, Template]:
    """The English of every grammatical form of every noun: the noun itself."""
    nouns = [key for key in ENGLISH if key.startswith(("building.", "tile.", "side."))]
    return {f"{key}@{form}": ENGLISH[key] for key in nouns for form in NOUN_FORMS}


ENGLISH.update(_noun_forms())
