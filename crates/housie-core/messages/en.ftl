# The night's pages in English: the reference every other catalogue follows, message for
# message. A new language is a new file beside this one (its name the language's tag, e.g.
# ta.ftl), with the same messages; nothing else changes. `{ $name }` is filled in by the page.

language-name = English
language-label = Language

## Shared by the board and the player's page
connected = connected to housie
not-connected = not connected to housie
connection = connection to housie
waiting-first-game = Waiting for the first game
game-page = { $name } · the { $colour } page
playing-for = Playing for { $prizes }
game-over = Game over
all-prizes-won = All prizes won
winners = Winners
won = won
won-by = { $prize }: { $who }
won-place = { $prize } ({ $place }): { $who }
place-1 = 1st
place-2 = 2nd
place-3 = 3rd
place-4 = 4th
place-5 = 5th
place-6 = 6th
place-7 = 7th
place-8 = 8th
place-9 = 9th
place-10 = 10th
calls = { $count ->
    [one] { $count } call
   *[other] { $count } calls
}
last-call = Last call
number-called = Number { $number }
no-answer = housie did not answer: try again in a moment

## Prize names, by their names in the prize sets
prize-early-five = early five
prize-top-line = top line
prize-middle-line = middle line
prize-bottom-line = bottom line
prize-four-corners = four corners
prize-corners-and-star = corners and star
prize-full-house = full house
prize-one-line = one line
prize-two-lines = two lines
prize-line = line
prize-postage-stamp = postage stamp
prize-small-x = small X
prize-large-x = large X
prize-letter-t = letter T
prize-letter-l = letter L
prize-letter-u = letter U
prize-blackout = blackout

## The board
board-title = housie · board
board-description = The numbers called tonight, for the hall
before-it = Before it
calls-before = the calls before the last
grid-label = Numbers 1 to { $numbers } (called ones in bold, circled)
called = { $number }, called
seed-revealed = The draw's seed, revealed:
seed-fixed = The draw is fixed: SHA-256 of its seed
join-qr = QR code of the address below
join-follow = Follow your ticket on your phone:
join-local = (only this computer reaches it: start housie serve with --listen 0.0.0.0:{ $port })
voice = voice
voice-heading = Voice on this screen
voice-start = Press a key or click here once so this browser lets the board speak.
voice-speak = Speak each call
voice-say = Say
voice-voice = Voice
voice-rate = Rate
voice-number-alone = the number alone
voice-system = the system's voice
voice-list = { $name } call names
voice-cannot = This browser cannot speak: no speech synthesis.
voice-none = No voice is installed on this computer, so the calls cannot be spoken here.
voice-no-language = No voice for this language is installed here: the calls are spoken by another voice.

## The player's page
play-title = housie · your ticket
play-description = Follow your bingo ticket on your phone: called numbers marked, and a claim button
serial-label = Your ticket's serial
serial-help = It is printed by each ticket, like 000123-4-0. A link you were sent fills it in.
follow-button = Follow my ticket
follow-another = Follow another book too
note-no-game = No game has started yet: this page follows it when it does.
note-other-page = { $serial } is on the page of game { $page } of your booklet; { $name } plays game { $game }: its tickets are below.
note-book-not-in-play = Book { $number } is not in play in { $name }.
note-booklet-not-in-play = Booklet { $number } is not in play in { $name }.
note-ticket-not-sold = { $serial } was not sold, so it is not in play in { $name }.
serial-unknown = No ticket of tonight's has this serial: check it against the ticket.
serial-mistyped = This serial has a mistyped digit.
too-many-tries = Too many wrong tries from this phone: wait a minute, then try again.
did-you-mean = Did you mean
or = or
ticket-caption = Ticket { $serial }: { $count } numbers to go
ticket-label = Ticket { $serial }
marked = { $number }, marked
full-house-done = full house
to-go = { $count } to go
claim = Claim on this ticket
claim-label = Claim on this ticket, { $serial }
stop-following = Stop following
stop-following-label = Stop following { $unit }
book = Book { $number }
booklet = Booklet { $number }
catch-up = { $count ->
    [one] Catch up: mark the { $count } number called before you opened this page
   *[other] Catch up: mark the { $count } numbers called before you opened this page
}
claim-sent = Your claim is with the caller. Keep your ticket as it is until the caller has checked it.
claim-waiting = Your claim for { $serial } is with the caller.
claim-again = housie did not answer: claim again
verdict-stands-for = Your claim stands for { $prizes }.
verdict-missed = Missed: your ticket completed it at an earlier call.
verdict-incomplete = Not complete yet.
verdict-other = Not a winning claim.
verdict-barred = Under the bogey rule this ticket can claim nothing more this game.

## Prize sets, and what each shipped prize needs
set-uk = uk
set-tambola = tambola
set-tambola-full = tambola-full
needs-early-five = any 5 numbers
needs-one-line = any one whole row
needs-two-lines = any 2 whole rows
needs-top-line = every number of the top row
needs-middle-line = every number of the middle row
needs-bottom-line = every number of the bottom row
needs-four-corners = the four corners (first and last numbers of the top and bottom rows)
needs-corners-and-star = the four corners and the star (the middle number of the middle row)
needs-full-house = all 15 numbers

## A claim's verdict and its sentence (the desk; the record keeps housie's English sentence)
verdict-word-stands = STANDS
verdict-word-missed = MISSED
verdict-word-incomplete = NOT COMPLETE
verdict-word-refused = REFUSED
verdict-word-unknown = UNKNOWN
verdict-word-malformed = NOT A SERIAL
and = and
claim-stands = { $prizes } completed by the last call (call { $call }, { $number })
claim-with-place = { $prize } ({ $place } place)
claim-missed = { $missed }; the last call is { $last }
claim-missed-one = { $prize } was completed at call { $call } ({ $number })
claim-incomplete = { $prize } needs { $needed } more: { $numbers }
claim-incomplete-of = { $prize } needs { $needed } more of { $numbers }
claim-nothing-open = this ticket cannot complete any open prize
claim-all-won = every prize of { $game } has been won
claim-not-in-play-book = book { $number } is not in play in { $game } ({ $books })
claim-not-in-play-booklet = booklet { $number } is not in play in { $game } ({ $books })
claim-not-sold = { $serial } was not sold, so it is not in play in { $game }
claim-wrong-game = { $serial } is for game { $theirs } of its booklet; { $game } plays game { $ours }
claim-forged = forged: the manifest's numbers for { $serial } are not the ones the seed drew; check the paper ticket
claim-barred-before = { $serial } made a false claim at call { $call }, and under the bogey rule it can claim nothing more this game
claim-bogey = BOGEY: a false claim; under the bogey rule this ticket can claim nothing more this game
claim-spared = Not barred: the claim came from a phone that did not give the ticket's code, so it may not be the holder's
check-stands = { $prize }: complete at the last call
check-stands-place = { $prize }: complete at the last call · { $place } place
check-missed = { $prize }: complete at call { $call } ({ $number })
check-needs = { $prize }: needs { $needed }
check-needs-these = { $prize }: needs { $needed }: { $numbers }
check-cannot = { $prize }: cannot be completed on this ticket
check-every-place-won = every place won
check-not-open = not open yet

## Refusals from housie, for a page in another language (the record keeps the English)
serial-malformed = This is not a number from 1 to 90, nor a serial of tonight's.
refused-not-a-number = { $number } is not a bingo number (1–90)
refused-already-called = { $number } was already called (call { $call })
refused-ended = { $game } has ended
refused-all-called = all { $numbers } numbers have been called
refused-no-undo = there is no call to undo
refused-undo-won = { $number } won a prize; take that win back first (r), then undo the call
refused-no-calls = no number has been called yet
refused-barred = { $serial } was barred by its false claim at call { $call }
refused-already-won = { $serial } has already won { $prize } at this call
refused-no-game = there is no game { $game }
refused-all-played = every prize has been played
refused-does-not-stand = { $serial }'s claim does not stand
refused-barred-rest = { $serial } is barred for the rest of { $game } (a false claim at call { $call }); ask the caller
refused-claim-waiting = { $serial }'s claim is already with the caller
refused-queue-full = { $most } claims are waiting for the caller; claim again in a moment
refused-not-in-play = { $serial } is not in play in { $game }
too-many-claims-ticket = { $seconds ->
    [one] Too many claims for this ticket: wait { $seconds } second, then try again.
   *[other] Too many claims for this ticket: wait { $seconds } seconds, then try again.
}
too-many-claims-address = { $seconds ->
    [one] Too many claims from this address: wait { $seconds } second, then try again.
   *[other] Too many claims from this address: wait { $seconds } seconds, then try again.
}

## The caller's desk
desk-title = housie · caller's desk
desk-description = The caller's desk: calls, claims and prizes for tonight's bingo
desk-pages = pages
desk-no-game = No game yet
desk-open-board = Open the board
desk-board-in = in
desk-record = Night's record
desk-cashup = Cash-up
desk-read-only = Read-only: this page has no token. Open the caller's address that housie serve printed.
desk-lost = The night's database is lost: { $why }
desk-run-code = run { $code }
desk-entry-label = Number or serial, then Enter
desk-entry-placeholder = 17   or   000123-4-0
desk-help = 1–{ $numbers } calls it · a serial (typed or scanned) checks a claim
key-face = checks the claim of face 12 (the number in its free centre)
free-cell = free centre, face { $face }
blackout-done = blackout
claim-jackpot = { $prize }, the JACKPOT
claim-consolation = { $prize }, the consolation (past the jackpot's calls)
desk-jackpot-alive = jackpot: { $left } calls left (within { $within })
desk-jackpot-won = the jackpot, won within { $within } calls
desk-jackpot-consolation = for the consolation (the jackpot needed { $within } calls or fewer)
key-d = draw
key-u = undo the last call
key-w = the claim shown won
key-r = take back the last win
key-n = move on from the prize without naming a winner
key-a = auto-call on or off
key-p = or space: pause
key-end = twice: end the game
key-pay = the prize the claim shown won, paid
key-q = checks the next claim from a phone
key-unbar = and a serial lifts its bar
key-void = and a reason: takes back entry 14 (a sale or a prize paid)
key-move = and a serial moves a prize paid to the ticket now holding its place
desk-draw = Draw a number
desk-undo = Undo last call
desk-win = The claim shown won
desk-reopen = Take back the last win
desk-next-prize = Move on from the prize
desk-end = End game
desk-end-title = end, twice
desk-auto-every = Auto-call every
desk-seconds = seconds
desk-auto-start = Start auto-call
desk-auto-stop = Stop auto-call
desk-phone-claims = Claims from phones:
desk-checks-next = checks the next
desk-no-calls = no calls yet
desk-claim = Claim
desk-claim-help = Scan or type a serial to check a claim.
desk-calls-in-order = Calls in order
desk-prizes = Prizes
desk-claims-game = Claims this game
desk-new-game = New game
desk-name = Name
desk-prize-file = Prize file
desk-books-in-play = Books in play
desk-booklets-sold = Booklets sold
desk-books-placeholder = all, or 1-480
desk-game-of-booklet = Game of each booklet
desk-bogey = Bogey rule: a false claim bars the ticket for the rest of the game
desk-start-game = Start the game
desk-draw-seed = Draw seed
desk-games-tonight = Games tonight
desk-sales = Sales
desk-sale-what = What
desk-sale-sold = Sold
desk-sale-sold-halves = Sold as half sheets
desk-sale-sold-tickets = Sold as single tickets
desk-sale-issued = Given to a seller
desk-sale-returned = Returned unsold
desk-sale-damaged = Returned damaged
desk-sale-voided = A sale taken back
desk-books = Books
desk-booklets = Booklets
desk-price = Price of each
desk-seller = Seller
desk-buyer = Buyer or table (optional)
desk-void-why = Why it is taken back
desk-void-why-needed = Say why the sale is taken back: the cash-up shows it.
desk-cash = Paid in cash
desk-record-sale = Record
desk-game-n = Game { $n }
desk-start-first = Start a game first (New game, on the right).
desk-refused = refused ({ $status })
desk-unsent = Not sent: housie did not answer. “{ $text }” is still in the box: Enter to send it again.
desk-unsent-more = Not sent: housie did not answer. “{ $text }” is still in the box (and { $more } more, not sent either): Enter to send it again.
desk-called = Call { $index }: { $number }
desk-drawn = Call { $index }: { $number } (drawn by housie)
desk-took-back = Took back { $number }
desk-no-claim-shown = No claim that stands is on show: check the claim first (type or scan its serial).
desk-won-place = { $prize } ({ $place } place)
desk-won-shared = { $prize }, shared
desk-won-by = Won by { $serial }: { $prizes }. r takes it back before the next call.
desk-no-win-to-pay = No win to pay: check the claim (type or scan its serial), then pay.
desk-pay-which = { $serial } won { $prizes }: say which, like “pay { $amount } { $prize }”.
desk-pay-again = Type the same pay again to pay it anyway.
desk-paid = Paid { $amount } to { $serial } for { $prize } (entry { $entry }: “void { $entry }” takes it back).
desk-voided = Entry { $entry } voided.
desk-voided-why = Entry { $entry } voided: { $why }.
desk-moved = Entry { $entry } now pays { $serial }.
desk-unbarred = { $serial } may claim again this game
desk-reopened = Took back the last win of { $prize }
desk-moved-on = Moved on: now playing for { $prize } (r takes it back)
desk-all-played = Every prize has been played
desk-end-again = Type end again, then Enter, to end { $game } and reveal its draw seed.
desk-game-over = Game over: the draw seed is revealed below
desk-no-phone-claims = No claims from phones are waiting.
desk-ticket-caption = Ticket { $serial }, called numbers marked
desk-claim-head = Claim · { $serial } · book { $book }, ticket { $ticket } ({ $file }, page { $page })
desk-claim-head-booklet = Claim · { $serial } · booklet { $booklet } · game { $game }, ticket { $ticket } ({ $file }, page { $page })
desk-claim-head-face = Claim · { $serial } · sheet { $book }, face { $ticket }, face number { $face } ({ $file }, page { $page })
desk-claim-colour = the { $colour } page
desk-win-hint = w (or the button): record it as won · then go on calling
desk-paused = Paused ({ $why }): p or space resumes
desk-next-draw = Next draw in { $seconds } s · p or space pauses
why-claim-stands = a claim stands
why-phone-claim = a claim from a phone
why-typing = a claim is being typed
desk-has-ended = The game has ended.
desk-auto-range = Auto-call draws every 3 to 60 seconds: give a whole number in that range.
desk-auto-on = Auto-call: housie draws every { $seconds } s.
desk-auto-off = Auto-call is off (a starts it).
desk-in-play-booklets = booklets { $books }, game { $game }
desk-in-play-books = books { $books }
desk-planning = Planning the prizes on these tickets…
desk-plan-line = { $prize }: call { $median } ({ $p5 }–{ $p95 }), shared in { $shared } % of games
desk-plan-head = Likely winning calls ({ $games } games on these { $tickets } tickets)
desk-game-ended = { $name } (ended)
desk-watch-caption = How near the tickets in play are to each prize
desk-watch-prize = Prize
desk-watch-have = Have it
desk-watch-away = One away
desk-at-call = at call { $call }
desk-at-call-by = at call { $call } by { $who }
desk-state-won = won
desk-state-playing = playing
desk-state-waiting = waiting
desk-claim-log = { $at } · call { $call } · { $serial } · { $what }
desk-phone = phone
desk-queue-next = next:
desk-queue = { $serial } · { $source } · at call { $call } · { $kind }
desk-phone-only = phone-only: no paper to check
desk-paper = paper: check the ticket
desk-unproven = without the ticket's code: ask who holds it; never barred
desk-barred = Barred this game: { $serials } (unbar and a serial lifts a bar)
desk-seed-revealed = Revealed: { $seed } (SHA-256 { $commitment }). Anyone can recompute the draw: housie draws { $seed }
desk-seed-secret = SHA-256 of the secret seed housie draws from: { $commitment }
desk-game-line = { $id }. { $name } · { $prizes } · { $books } · { $calls }
desk-ended = ended
desk-set = { $name } ({ $opens }): { $prizes }
desk-opens-together = all open at once
desk-opens-in-order = in order
desk-prize-file-option = a prize file…
desk-choose-file = Choose a prize file, or one of the prize sets.
desk-file-too-big = A prize file is at most 64 KiB.
desk-started = Started { $game }
desk-cashup-line = Sold { $sold } { $units } · takings { $takings } · prizes paid { $paid } · cash expected { $expected }
desk-cashup-missing = missing { $missing }
desk-warning = WARNING: { $warning }
desk-limits = { $regime }: at most { $per_player } a player a night, { $prizes } in prizes
units-books = { $count ->
    [one] book
   *[other] books
}
units-booklets = { $count ->
    [one] booklet
   *[other] booklets
}
units-half-sheets = { $count ->
    [one] half sheet
   *[other] half sheets
}
units-tickets = { $count ->
    [one] ticket
   *[other] tickets
}
desk-record-again = Record it again to record it anyway.
desk-sold = Sold { $units }
desk-given = Given to { $seller }: { $units }
desk-returned = Returned { $units }
desk-returned-damaged = Returned damaged { $units }
desk-sale-taken-back = Sale taken back: { $units }

## The cash-up: its text and its signed sheet
cashup-title = Cash-up ({ $currency }{ $regime })
cashup-no-currency = no currency set
cashup-sold = sold
cashup-takings = takings
cashup-prizes-paid = prizes paid
cashup-balance = balance
cashup-cash-expected = cash expected
cashup-cash-expected-note = (cash taken less prizes paid in cash)
cashup-sellers = Sellers ({ $units })
cashup-seller = { $seller }: issued { $issued }; sold { $sold } ({ $count }), takings { $takings }; returned { $returned }; missing { $missing }
cashup-missing = Missing: { $units } { $missing } issued and neither sold nor returned
cashup-damaged = Damaged: { $units } { $damaged }
cashup-given-free = Given free: { $units } { $free } (in play, nothing taken)
cashup-given-free-to = { $units } to { $buyer }
cashup-remote = remote players
cashup-desk = (desk)
cashup-seal = { $events ->
    [one] Night's log: { $events } event, seal { $seal } (`housie verify DIR --seal { $seal }` shows none was edited or removed since)
   *[other] Night's log: { $events } events, seal { $seal } (`housie verify DIR --seal { $seal }` shows none was edited or removed since)
}
cashup-voided = Voided sales: { $count }
cashup-voided-sale = #{ $entry } { $units } ({ $amount })
cashup-voided-sale-why = #{ $entry } { $units } ({ $amount }): { $why }
cashup-warning = WARNING: { $warning }
cashup-prizes = Prizes paid
cashup-payout = #{ $entry } game { $game }: { $prize } ({ $place } place) to { $serial }: { $amount } ({ $how })
cashup-cash = cash
cashup-not-cash = not cash
cashup-moved = [moved from { $from }]
cashup-voided-entry = [VOIDED, not counted]
cashup-voided-why = [VOIDED: { $why }, not counted]
cashup-sheet-title = { $title }: cash-up
cashup-sheet-page = (page { $page } of { $pages })
cashup-col-seller = seller
cashup-col-issued = issued
cashup-col-sold = sold
cashup-col-count = count
cashup-col-takings = takings
cashup-col-returned = returned
cashup-col-missing = missing
cashup-col-entry = entry
cashup-col-game = game
cashup-col-prize = prize
cashup-col-place = place
cashup-col-serial = ticket
cashup-col-amount = amount
cashup-col-how = paid in
cashup-counted-by = Counted by:
cashup-checked-by = Checked by:
cashup-signed = Signed:
cashup-date = Date:

## Call-name lists, by their names
list-uk = uk
list-tambola = tambola
list-hindi = Hindi
list-tambola-hindi = Tambola sayings in Hindi

## The page: housie in a browser (site/)
site-tagline = Bingo tickets made in your browser: nothing to install, nothing uploaded
site-events = Your events
site-kept = Events are kept in this browser on this computer. The numbers are drawn here; nothing is sent anywhere.
site-new-title = Title of a new event (printed on every ticket)
site-create = Create and design
site-no-events = No events yet: create one above.
site-give-title = Give the event a title.
site-state-designed = designed
site-state-printed = printed
site-design = Design
site-logo-too-large = A logo is at most { $mb } MB.
site-font-too-large = A font file is at most { $mb } MB.
site-page = Page
site-preview-label = A preview of the printed page, with sample numbers
site-print = Print
site-generate = Make the print file
site-stop = Stop
site-progress = Progress
site-making = Making
site-page-of = { $verb }: page { $done } of { $total }
site-done = Done: the files are ready to download.
site-stopped = Stopped: nothing was made.
site-confirm-again = Make the print file again? The new file has new numbers: throw away any copies of the old one.
site-download-zip = Everything in one zip: { $name }
site-save-folder = Save the files into a folder…
site-saved = Saved into { $name }.
site-picture = A booklet as a picture, to send to a player: number
site-picture-make = Make the picture
site-delete = Delete this event from this browser
site-confirm-delete = Delete this event from this browser? Its files are gone unless you downloaded them.
site-verify = Verify a run
site-verify-hint = Drop the zip housie made (or choose its folder): every ticket is drawn again from the seed and compared byte for byte, as housie verify does.
site-verify-zip = A run's zip
site-verify-folder = or a run's folder
site-verifying = Verifying
site-valid = Valid
site-not-valid = NOT VALID
site-top-up = Top up this run
site-top-up-hint = More books numbered on from this run, no ticket or line repeated across both. Keep the new folder beside this one.
site-more = How many more
site-top-up-make = Make the top-up
site-footer = housie runs in this page: the same engine as the housie program, byte for byte.
site-packing = Packing the files into one zip…
site-stale = Another tab changed this event: it is shown here as that tab left it.
site-stale-run = Another tab changed this event while the print file was being made: download this run now, as this browser did not keep it.
site-no-room = This browser has no room left for housie's events, so nothing was changed: download your runs' zips and delete the events you no longer need.
site-no-room-run = This browser has no room left to keep this run: download its zip now.
site-not-stored = This browser could not store the event ({ $why }), so nothing was changed.
site-not-kept = This browser may clear the events it keeps when it runs short of room: keep each run's zip.
site-nights = Nights kept in this browser
site-open-desk = Open the caller's desk
site-desk-hint = The night in a tab of its own: calls, claims by serial, the board for the projector, the money. It is kept in this browser.

## The design form, the page's and the studio's alike
form-logo-fits = Where it fits
form-logo-fits-at = Where it fits: { $place }
form-paper-a4 = A4
form-paper-letter = US Letter

## The paper's own words, printed in a run made with `generate --lang` (each `paper-text-`
## message is a shipped template's text; `{ $book }` and the others are the page's to fill)
paper-no = No.
paper-text-book = Book { $book }
paper-text-books = Books { $book }
paper-text-booklet = Booklet { $booklet } · Game { $game } · { $colour }
paper-text-booklets = Booklets { $booklet } · Game { $game } · { $colour }
paper-text-large-booklet = Page { $part } of { $parts } of booklet { $booklet }, game { $game }
paper-text-large-book = Page { $part } of { $parts } of book { $book }
paper-text-page = Page { $page } of { $pages }
paper-text-eyes-down = Eyes down, and good luck!
paper-text-sheet = Sheet { $book }
paper-text-sheet-booklet = Packet { $booklet } · Game { $game } · { $colour }
paper-text-good-luck = Good luck!
colour-blue = Blue
colour-red = Red
colour-lime = Lime
colour-green = Green
colour-violet = Violet
colour-orange = Orange
colour-aqua = Aqua
colour-pink = Pink
colour-maroon = Maroon
colour-charcoal = Charcoal

## The studio (housie studio): its events page and an event's page
studio-events-title = housie studio · events
studio-event-title = housie studio · event
studio-description = housie studio: design bingo tickets, print them and run the night
studio-your-events = Your events
studio-quit = Quit housie
studio-quit-confirm = Stop housie? The studio closes; your events stay in their folder, and housie opens them again next time.
studio-quit-done = housie has stopped. You can close this tab; to start again, open housie as you did before.
studio-new = New event
studio-new-title = Title (printed on every ticket)
studio-title-example = Spring Fair Bingo
studio-paper = Paper
studio-new-books = Books: one book of 6 tickets per player for a game
studio-new-booklets = Booklets: one book per game, each game in its own colour
studio-how-many-books = How many books
studio-how-many-booklets = How many booklets
studio-games = Games per booklet
studio-create = Create and design
studio-list = Events in this folder
studio-empty = No events yet: create one above.
studio-list-caption = Open an event to design, print or run its night.
studio-col-event = Event
studio-col-paper = Paper
studio-col-made = Made
studio-col-state = State
studio-state-designed = Designed
studio-state-printed = Printed
studio-state-night = Night under way
studio-state-ended = Ended
studio-top-up-mark = (top-up)
studio-all-events = All events
studio-frozen = A night was played on this paper, so it is frozen.
studio-duplicate = Duplicate as a new event
studio-frozen-then = for new paper, or top it up below for more books.
studio-design = Design
studio-title = Title
studio-subtitle = Subtitle (the foot of every page: where and when, the charity)
studio-look = Look
studio-look-classic = Classic: black on white, grey blank cells
studio-look-festival = Festival: a coloured header band
studio-look-large-print = Large print: three tickets a page
studio-look-twelve = Twelve to view: two books a page
studio-look-twenty-four = Twenty-four: four books a page, on its side (A4 only)
studio-look-slips = Slips: the title on every ticket, to sell one by one
studio-look-phone = Phone: a QR code beside each ticket that opens it on a phone
studio-look-bingo-1 = 75-ball, 1-on: one large face a sheet
studio-look-bingo-2 = 75-ball, 2-on: two faces a sheet
studio-look-bingo-3 = 75-ball, 3-on: three faces a sheet
studio-look-bingo-4 = 75-ball, 4-on: four faces a sheet, on its side
studio-look-own = My own template (upload below)
studio-player-url = Player page address (what each ticket's QR code opens)
studio-player-url-help = Leave it empty and the studio prints its own night's address on the hall's network (the desk below, with phones let in). Give one only to serve the night elsewhere; ask the router to keep this computer's address for the night.
studio-template-file = Upload a template (TOML)
studio-paper-size = Paper size
studio-kind = Books or booklets
studio-kind-books = Books
studio-kind-booklets = Booklets (a book per game)
studio-lines = Lines
studio-lines-unique = No line repeats (up to 10,000 books)
studio-lines-blocks = No line repeats within each 10,000 books
studio-lines-repeat = Lines may repeat
studio-lines-help = Two tickets sharing a line (the same five numbers in a row) would share its prize. Above 10,000 books, choose: lines kept apart within each 10,000 (a game never plays more), or lines that may repeat.
studio-order = Print booklets
studio-order-booklets = booklet by booklet, each game in its colour
studio-order-games = game by game, in black, for coloured paper
studio-prizes = Prizes on the night
studio-prizes-uk = UK: one line, two lines, full house, in order
studio-prizes-tambola = Tambola: early five, lines, corners, full house, all from the first call
studio-prizes-tambola-full = Tambola, full: more prizes and places, all from the first call
studio-prizes-bingo = 75-ball: a line, then blackout, in order
studio-prizes-bingo-patterns = 75-ball patterns: line, corners, stamp, X, letters, blackout, in order
studio-prizes-bingo-jackpot = 75-ball: a line, then blackout; the jackpot within 50 calls
studio-currency = The night's money (the desk's sales, prizes and cash-up)
studio-currency-gbp = £ pounds (GBP)
studio-currency-inr = ₹ rupees (INR), grouped in lakh and crore
studio-currency-eur = € euros (EUR)
studio-currency-usd = $ dollars (USD)
studio-currency-cad = $ Canadian dollars (CAD)
studio-currency-aud = $ Australian dollars (AUD)
studio-currency-nzd = $ New Zealand dollars (NZD)
studio-currency-zar = R rand (ZAR)
studio-bleed = Bleed (mm; a print shop wants 3)
studio-crop = Crop marks
studio-sheet-help = The sheet each page needs: A4 with a 3 mm bleed is 216 × 303 mm (SRA4); with crop marks 225 × 312 mm (SRA4 with nothing to spare across: A3 or SRA3 is safer). Letter with a bleed is 222 × 285 mm (SRA4); with crop marks 231 × 294 mm (too wide for SRA4: A3, SRA3 or 12 × 18 in).
studio-logo = Logo (your club's or a sponsor's)
studio-logo-file = PNG or JPEG image
studio-logo-height = Height (mm)
studio-logo-where = Where
studio-logo-header-centre = Header, middle
studio-logo-header-left = Header, left
studio-logo-header-right = Header, right
studio-logo-footer-centre = Footer, middle
studio-logo-footer-left = Footer, left
studio-logo-footer-right = Footer, right
studio-logo-remove = Remove the logo
studio-font = Font (for a title in a script housie's own fonts lack)
studio-font-file = TrueType or OpenType font file
studio-font-using = The paper is printed in
studio-font-remove = Use housie's own fonts
studio-font-big = a font file is at most 64 MB
studio-reading-font = Reading the font…
studio-print = Print
studio-generate = Generate the print file
studio-generate-again = Generate again (new numbers)
studio-stop = Stop
studio-verify = Verify
studio-progress = Progress
studio-pictures = Tickets as a picture, for a player who gets them by message: booklet
studio-picture-link = Download the picture
studio-seed-hint = The run's record (run.json in the event's folder) holds the seed that regenerates every ticket: keep it private, and keep it. It is never offered for download here.
studio-preview = Preview: the first page as it will print
studio-page = Page
studio-sample = Sample numbers; your run gets its own.
studio-night = The night
studio-phones = Let phones join
studio-phones-help = Players' phones on this computer's network (the hall's Wi-Fi) follow their tickets, and the board shows a code to join by; the desk still needs its own key. Off, only this computer reaches the night. A Phone look turns it on: its tickets' codes are for phones. Choose before opening the desk.
studio-open-desk = Open the caller's desk
studio-desk-link = The caller's desk
studio-keep-running = Keep housie studio running (its window, or the terminal it was started from) for the whole night: the desk, the board and the players' phones are served by it. Once the night starts, the paper is frozen: change the design by duplicating the event, or top it up for more books (a top-up joins the night being played within seconds).
studio-more = More books
studio-top-up = Top up
studio-archive = Archive this event
studio-run-code = Run { $code }: this code is on every file, in their names, and on the caller's desk; paper and desk match when the codes do.
studio-restore = Restore run { $code }
studio-restore-confirm = Make run { $code } again, exactly as it was? The run now here ({ $now }) is kept and can be restored in its turn.
studio-replaced = Replaced: run { $code }
studio-proof = A proof: the first 12 books, to check before printing the lot
studio-file = { $name } ({ $kb } KB)
studio-page-game = { $page } (game { $page })
studio-phones-at = Phones join at { $join } (the board shows its code). To change who may join, start the studio again.
studio-no-preview = No preview: { $why }
studio-template-big = a template is at most 64 KB
studio-image-big = an image is at most 20 MB
studio-reading-image = Reading the image…
studio-verifying = Verifying: page { $done } of { $total }
studio-generating = Generating: page { $done } of { $total }
studio-not-valid = NOT VALID
studio-valid = Valid
studio-done = Done
studio-stopped = Stopped: nothing was written.
studio-failed = Failed
studio-generate-confirm = Generate again with new numbers? Run { $code } is replaced: paper already printed from it will not match the desk. (It can be restored until a night is played.)
studio-desk-open = The desk is open in a new tab.
studio-desk-open-phones = The desk is open in a new tab. Phones join at { $join }.
studio-archive-confirm = Archive this event? It leaves the list; its folder, with its seed and any night, is moved into .archived in the events folder, never deleted.
studio-preview-label = Preview of page { $page } of { $pages }, with sample numbers
studio-paper-books = { $books ->
    [one] { $books } book
   *[other] { $books } books
}
studio-paper-booklets = { $booklets ->
    [one] { $booklets } booklet × { $games } games
   *[other] { $booklets } booklets × { $games } games
}

## The ledger's refusals, as the desk shows them.
ledger-no-currency = set the night's currency first
ledger-currency-set = the night's currency is already { $currency }
ledger-issued = { $units } already went to { $seller }
ledger-other-seller = { $units } went to { $issued_to }, not { $seller }
ledger-not-issued-to = { $units } was never issued to { $seller }: issue it to them first, or record the sale with no seller (the desk)
ledger-sold = { $units } is already sold
ledger-returned = { $units } came back unsold or damaged
ledger-not-issued = { $units } was never issued to a seller
ledger-return-of-sold = { $units } is sold; void the sale first
ledger-nothing-to-void = entry { $entry } is not a sale or a prize paid that stands
ledger-not-a-payout = entry { $entry } is not a prize paid that stands
ledger-part-of-book = { $units } is part of a book: record it sold as half sheets or as single tickets
ledger-not-half-sheets = { $units } is not a half sheet: a half sheet is tickets 1-3 or 4-6 of a book
ledger-zero-payout = a prize paid is more than 0.00: give the amount handed over
ledger-in-play = that sale's paper is in play in game { $game }, which is being played: void the sale (entry { $sale }) once the game has ended
ledger-won-on-sale = { $serial } of that sale won in game { $game }, so it was in play and sold: the sale (entry { $sale }) stands while its win does
ledger-paid-on-sale = { $serial } of that sale was paid a prize (entry { $payout }): void that payout first, then the sale (entry { $sale })
ledger-void-without-reason = say why entry { $entry } is taken back (for example `void { $entry } typed 30 for 3`): the cash-up shows it
ledger-not-won = { $serial } was not confirmed as a winner of { $prize } in game { $game }
ledger-paid-twice = { $prize } in game { $game } is already paid to { $serial } (entry { $entry }); if that win was taken back, move the payout to the new winner or void it
units-malformed = `{ $text }` is not a number or a range like 1-50
units-backwards = { $from }-{ $to } runs backwards
units-outside = { $from }-{ $to } is outside the run's { $first }-{ $last }
units-twice = { $unit } is given twice
units-empty = no books given
units-whole = this run's booklets are sold whole, not by the ticket
units-no-ticket = a book has tickets 1-{ $per }, not { $ticket }
units-ticket-twice = ticket { $ticket } is given twice

## The studio's and the page's checks of a design, beside their fields
design-prizes-card = `{ $prizes }` is a set of { $set } prizes, but the look `{ $look }` prints { $card } cards
design-give-title = give the event a title
design-too-long = is longer than { $max } characters
design-no-look = `{ $look }` is not a look housie has
design-a4-only = the `{ $look }` look is printed on A4 only: choose A4
design-currency = choose a currency by its three-letter code: GBP, INR, EUR, USD…
design-both = give books or booklets, not both
design-one-book = make at least 1 book
design-too-many-books = housie makes up to { $max } books at a time here; for more, use the downloaded program: `housie generate`
design-one-booklet = make at least 1 booklet
design-games = say how many games a booklet holds
design-too-many-booklets = { $booklets } booklets of { $games } games is { $books } books; housie makes up to { $max } at a time here
design-how-many = say how many books or booklets
design-no-prizes = `{ $prizes }` is not a prize set housie has ({ $names })
design-upload-logo = upload the logo to the event (it is kept as logo.png or logo.jpg)
design-upload-font = upload the font to the event (a TrueType or OpenType file)
design-games-with-booklets = games go with booklets (a booklet is one book per game)
design-order-pages = the `{ $look }` look puts { $books } books on a page, which would be games of different colours: choose “game by game, in black, for coloured paper”, or a look of one book a page
design-unknown-field = `{ $name }` is not part of an event's design
design-number-from = give a number from { $min } to { $max }
design-whole-number-from = give a whole number from { $min } to { $max }
design-wrong-value = this is not a value housie takes here
design-not-read = the event is not a design housie reads
page-seed-text = the seed is text, in quotes: any words or digits (leave it out for one nobody can guess)
page-date-seconds = the date is a whole number of seconds since 1970 (leave it out for now)
page-how-many-more = say how many more: { "{" }"books": N{ "}" } or { "{" }"booklets": N{ "}" }

## What the engine refuses of the organiser's own choices, beside the studio's and the page's fields
print-lines-undecided = { $books } books with no line repeated would not be uniform (past 10,000 books the row a number sits in drifts): choose “No line repeats within each 10,000 books” or “Lines may repeat”
print-title-too-wide = the title is { $width } mm wide, but this look's header has room for { $room } mm beside “{ $right }”: shorten it, or choose a look with more room
print-label-too-wide = the title, printed on every ticket as “{ $label }”, is { $width } mm wide, but a ticket has room for { $room } mm: shorten it
print-subtitle-on-cut = the subtitle would print across the cut between the columns of tickets, where this look has no footer: put it in the title, or choose a look with one column of tickets
print-subtitle-near-edge = the subtitle comes within { $distance } mm of the paper's edge, but everything but colour stays { $safe } mm inside it: shorten it
print-right-to-left = { $what ->
    [subtitle] the subtitle
   *[title] the title
} has letters written right to left (“{ $ch }”), which housie would print reversed: give it in letters written left to right
print-unprintable = { $what ->
    [subtitle] the subtitle
   *[title] the title
} contains { $code }, a character that cannot be printed: remove it
print-script = { $what ->
    [subtitle] the subtitle
   *[title] the title
} is in { $script } script (“{ $ch }”), which the paper's fonts do not print: upload a font that prints it, such as { $suggestion }
print-missing-glyph = { $what ->
    [subtitle] the subtitle
   *[title] the title
} has “{ $ch }” ({ $code }), which the font { $font } has no letter for: upload a font that has it
print-font-unreadable = the font file is not a TrueType/OpenType font housie can read
print-font-broken = the font file is damaged ({ $reason }): upload another copy of the font
print-font-cid-keyed = the font's outlines are CID-keyed CFF (as Chinese, Japanese and Korean OpenType fonts' are), which housie does not print: choose a TrueType font (.ttf), such as WenQuanYi Zen Hei (in Debian's fonts-wqy-zenhei)
settings-first-book = the first book's number must be at least 1
settings-past-largest = this would number books past { $max }, the largest a serial holds
settings-lang = `{ $lang }` is a language housie has no words in; it has { $have }
settings-books-per-file = a file holds at least 1 book
settings-games = a booklet holds 1 to { $max } games, not { $games }
settings-whole-booklets = { $books } books is not a whole number of booklets of { $games } games
settings-booklet-start = the first book is { $first }; with { $games } games a booklet starts at book 1, { $second }, { $third }, …
settings-split-games = files cannot be split when each game has its own file
settings-order-needs-booklets = game by game needs booklets of games
settings-logo-height = a logo is { $min } to { $max } mm high, not { $height } mm
settings-bleed = the bleed is { $bleed } mm; it must be between 0 and { $max } mm
settings-impose-landscape = two pages a sheet sets two upright pages side by side, but the `{ $look }` look is landscape: print its pages as they are
request-empty-seed = the seed is empty: give any words or digits, or leave it out for one nobody can guess
request-continue-with-booklets = this event's runs are booklets of { $games } games: add booklets, not books
request-continue-with-books = this event's runs are single books: add books, not booklets
request-other-games = this event's booklets hold { $earlier } games, not { $asked }
request-other-card = the look `{ $look }` prints { $prints } cards, not { $asked }; leave out the look for housie's own, or give one that prints { $asked }
request-no-look = housie ships no look of { $on } 75-ball faces a sheet (its looks: bingo-1, bingo-2, bingo-3, bingo-4); give a template of your own whose [layout] says card = "75-ball" and has { $on } slots
request-no-strips = strips are sheets of three 75-ball faces, and this look prints { $prints } cards; give --on 3 or a 3-on look
request-too-many-books = { $booklets } booklets of { $games } games is more books than housie numbers
logo-unreadable = the logo could not be read
logo-too-big = the logo file is larger than { $max }: save it smaller (a logo a few centimetres high needs no more than a few hundred kilobytes)
logo-not-an-image = the logo is not a PNG or JPEG picture
logo-not-an-image-but = the logo is not a PNG or JPEG picture (it looks like { $found }): save it as PNG or JPEG
logo-too-many-pixels = the logo is { $width } × { $height } pixels; housie takes up to { $max } on a side: save it smaller
logo-damaged = the logo picture is damaged: save it again from the program that made it
logo-low-resolution = the logo would print at { $ppi } pixels an inch at { $height } mm high, below the { $min } a printer needs: use a larger picture or print it smaller
logo-changed = the logo is not the picture this event's runs were made with
logo-colour = the logo's colours could not be converted for print: save it as plain RGB
print-logo-too-high = the logo is { $asked } mm high, but the { $band ->
    [header] header
   *[footer] footer
} has { $area } mm: make it smaller, or choose a look with more room
print-logo-overlaps = the logo is { $width } mm wide and would cover “{ $text }”: make it smaller or put it on another side
print-logo-on-cut = the logo would be printed across the cut between tickets: put it in the header or footer of a look that has one
print-logo-near-edge = the logo reaches { $distance } mm from the paper's edge, but everything but colour stays { $safe } mm inside: make it smaller or move it
print-player-url-missing = the `{ $look }` look prints a QR code for players' phones: give the address phones open (e.g. http://192.168.1.20:8080)
print-player-url-too-long = the address for players' phones, { $link }, is { $chars } characters: too long for the QR code this look prints; give a shorter address
player-url-long = the address for players' phones is too long; a QR code on a ticket holds a short address
player-url-no-scheme = the address for players' phones has no http:// in front; write it as phones open it, e.g. http://192.168.1.20:8080
player-url-not-an-address = the address for players' phones is not a web address; write it as phones open it, e.g. http://192.168.1.20:8080
player-url-not-http = the address for players' phones is not an http:// or https:// address
player-url-no-host = the address for players' phones names no computer; e.g. http://192.168.1.20:8080
player-url-port = the address for players' phones has port 0, which no phone can reach; give the port housie serves on
player-url-password = the address for players' phones holds a user name or password, which would be printed on every ticket
player-url-path = the address for players' phones has more than the computer and port; give the address alone
note-colour-to-trim = colour runs to the trim but there is no bleed: after the guillotine a white sliver may show; add 3 mm of bleed for a print shop
note-cut-too-close = text comes { $nearest } mm from a cut where { $safe } mm is safe (the look leaves { $gap } mm between tickets): a guillotine may clip it
note-logo-resolution = the logo prints at { $ppi } pixels an inch at { $height } mm high; { $good } or more prints sharp
note-logo-lower = the logo was asked { $asked } mm high and is printed { $printed } mm high, as high as its place allows
verify-summary = { $books } books, { $tickets } tickets, { $files } files checked; { $regenerated ->
    [yes] regenerated from the seed and compared byte for byte
   *[no] not regenerated
}
verify-summary-faces = { $books } sheets, { $tickets } faces, { $files } files checked; { $regenerated ->
    [yes] regenerated from the seed and compared byte for byte
   *[no] not regenerated
}
verify-hash = { $file } is not the file the run recorded (its SHA-256 differs)
verify-file-missing = { $file } is missing
verify-template = the run's record of its look does not match its own checksum
verify-font = the font { $font } is not the one the run was made with
verify-manifest-differs = manifest.csv line { $line } differs from the manifest the seed regenerates (forged or edited tickets)
verify-record-differs = run.json line { $line } differs from the record the seed regenerates
verify-pdf-differs = { $file } differs from the PDF the seed regenerates
verify-file-differs = { $file } differs from the file the run recorded
verify-ticket-count = manifest.csv has { $rows } tickets, but run.json says { $tickets }
verify-detail = { $detail }
zip-not-a-zip = this is not a zip file: drop the zip housie made, or the run's folder
zip-too-many-files = the zip holds { $files } files; a run has at most { $max }
zip-twice = the zip holds `{ $name }` twice: it was not made by housie
zip-damaged = the zip is damaged ({ $reason }): download it again
zip-too-large = the zip unpacks to more than { $max }: no run is that large
zip-outside = the zip names a file outside its folder (`{ $name }`): it was not made by housie
zip-folders = the zip holds more than one folder: drop one run at a time
page-not-a-run-file = `{ $name }` is not a file of a run
page-verify-after = this run tops up an earlier one: verify the two folders side by side with the housie program (`housie verify`)
page-night-after = this run tops up an earlier one: play its night with the housie program (`housie serve` on the folder), which plays every run of the event as one
page-night-log-refused = this night's log cannot be carried on: { $detail }
page-night-no-phones = players' phones need the housie program: this night is held in a browser tab
page-desk-kept = This desk runs in this browser tab, and the night is kept in this browser on this computer, after every change.
page-desk-download-log = Download the night's log (night.jsonl)
page-desk-phones = Players' phones need the housie program: put night.jsonl beside run.json in the run's folder and start `housie serve` on that folder; it takes this night over and goes on from here.
page-desk-may-clear = This browser may clear what it keeps when it runs short of room: download the night's log after each game.
page-desk-not-kept = This browser did not keep the night's last change ({ $why }): download the night's log now, and keep it.
page-desk-no-engine = housie could not start in this browser ({ $why }).
page-desk-no-night = This browser keeps no such night: open the caller's desk from the event's page.
page-desk-taken = This night's desk is open in another tab or window of this browser: use that one. One desk a night keeps every call in one order.
page-desk-unreadable = This browser could not read the night it keeps ({ $why }).
page-desk-refused = This night cannot be opened: { $why }
page-top-up-after = this run tops up an earlier one: top up the whole event with the housie program (`housie generate --after`)
page-no-record = there is no run.json: drop a whole run (the zip housie made, or its folder)
page-record-unreadable = run.json cannot be read ({ $detail })
form-paper-lang = Language of the words printed on the paper
file-print = the tickets: give this to the print shop
file-proof = the first books: check them before printing the lot
file-manifest = every ticket's numbers by serial, for the night: keep it private
file-record = the run's record and its seed: keep it private until the night is over (anyone holding it can draw every ticket), then let anyone verify the run with it
file-carried = carried with the run, so it verifies wherever the folder goes
settings-prizes = `{ $prizes }` is not a prize set housie has ({ $names })
settings-currency = `{ $currency }` is not a currency's code: give its three letters (GBP, INR, EUR, USD…)
