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
calls-one = { $count } call
calls-other = { $count } calls
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

## The board
board-title = housie · board
board-description = The numbers called tonight, for the hall
before-it = Before it
calls-before = the calls before the last
grid-label = Numbers 1 to 90 (called ones in bold, circled)
called = { $number }, called
seed-revealed = The draw's seed, revealed:
seed-fixed = The draw is fixed: SHA-256 of its seed
join-qr = QR code of the address below
join-follow = Follow your ticket on your phone:
join-local = (only this computer reaches it: start housie serve with --listen 0.0.0.0:8090)
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
catch-up-one = Catch up: mark the 1 number called before you opened this page
catch-up-other = Catch up: mark the { $count } numbers called before you opened this page
claim-sent = Your claim is with the caller. Keep your ticket as it is until the caller has checked it.
claim-waiting = Your claim for { $serial } is with the caller.
claim-again = housie did not answer: claim again
verdict-stands-for = Your claim stands for { $prizes }.
verdict-missed = Missed: your ticket completed it at an earlier call.
verdict-incomplete = Not complete yet.
verdict-other = Not a winning claim.
verdict-barred = Under the bogey rule this ticket can claim nothing more this game.
