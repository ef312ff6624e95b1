# रात के पन्ने हिन्दी में: the night's pages in Hindi, message for message as en.ftl.

language-name = हिन्दी
language-label = भाषा

## बोर्ड और खिलाड़ी का पन्ना
connected = housie से जुड़ा है
not-connected = housie से नहीं जुड़ा
connection = housie से जुड़ाव
waiting-first-game = पहले खेल की प्रतीक्षा
game-page = { $name } · { $colour } पन्ना
playing-for = अब खेल: { $prizes }
game-over = खेल ख़त्म
all-prizes-won = सारे इनाम जीते जा चुके
winners = विजेता
won = जीता
won-by = { $prize }: { $who }
won-place = { $prize } ({ $place }): { $who }
place-1 = पहला
place-2 = दूसरा
place-3 = तीसरा
place-4 = चौथा
place-5 = पाँचवाँ
place-6 = छठा
place-7 = सातवाँ
place-8 = आठवाँ
place-9 = नौवाँ
place-10 = दसवाँ
calls = { $count ->
    [one] { $count } नंबर बुलाया गया
   *[other] { $count } नंबर बुलाए गए
}
last-call = पिछला नंबर
number-called = नंबर { $number }
no-answer = housie ने जवाब नहीं दिया: थोड़ी देर में फिर कोशिश करें

## इनाम
prize-early-five = जल्दी फ़ाइव
prize-top-line = पहली लाइन
prize-middle-line = दूसरी लाइन
prize-bottom-line = तीसरी लाइन
prize-four-corners = चार कोने
prize-corners-and-star = कोने और तारा
prize-full-house = फ़ुल हाउस
prize-one-line = एक लाइन
prize-two-lines = दो लाइनें
prize-line = लाइन
prize-postage-stamp = डाक टिकट
prize-small-x = छोटा X
prize-large-x = बड़ा X
prize-letter-t = अक्षर T
prize-letter-l = अक्षर L
prize-letter-u = अक्षर U
prize-blackout = ब्लैकआउट

## बोर्ड
board-title = housie · बोर्ड
board-description = आज रात बुलाए गए नंबर, हॉल के लिए
before-it = उससे पहले
calls-before = पिछले नंबर से पहले के नंबर
grid-label = 1 से { $numbers } तक के नंबर (बुलाए गए मोटे और घेरे में)
called = { $number }, बुलाया गया
seed-revealed = ड्रॉ का सीड, अब खुला:
seed-fixed = ड्रॉ तय है: उसके सीड का SHA-256
join-qr = नीचे दिए पते का QR कोड
join-follow = अपना टिकट अपने फ़ोन पर देखें:
join-local = (यह पता सिर्फ़ इसी कंप्यूटर से खुलता है: housie serve को --listen 0.0.0.0:{ $port } के साथ चलाएँ)
voice = आवाज़
voice-heading = इस स्क्रीन पर आवाज़
voice-start = एक बार कोई बटन दबाएँ या यहाँ क्लिक करें, ताकि यह ब्राउज़र बोल सके।
voice-speak = हर नंबर बोलें
voice-say = बोलें
voice-voice = आवाज़
voice-rate = गति
voice-number-alone = सिर्फ़ नंबर
voice-system = सिस्टम की आवाज़
voice-list = { $name } नंबरों के नाम
voice-cannot = यह ब्राउज़र बोल नहीं सकता: इसमें आवाज़ नहीं है।
voice-none = इस कंप्यूटर पर कोई आवाज़ नहीं है, इसलिए नंबर यहाँ बोले नहीं जा सकते।
voice-no-language = इस कंप्यूटर पर हिन्दी की कोई आवाज़ नहीं है: नंबर किसी दूसरी आवाज़ में बोले जाएँगे।

## खिलाड़ी का पन्ना
play-title = housie · आपका टिकट
play-description = अपना तम्बोला टिकट फ़ोन पर देखें: बुलाए गए नंबरों पर निशान, और दावा करने का बटन
serial-label = आपके टिकट का सीरियल नंबर
serial-help = यह हर टिकट पर छपा है, जैसे 000123-4-0। भेजा गया लिंक इसे अपने आप भर देता है।
follow-button = मेरा टिकट देखें
follow-another = एक और किताब भी देखें
note-no-game = अभी कोई खेल शुरू नहीं हुआ: खेल शुरू होते ही यह पन्ना उसे दिखाएगा।
note-other-page = { $serial } आपकी बुकलेट के खेल { $page } के पन्ने पर है; { $name } में खेल { $game } खेला जा रहा है: उसके टिकट नीचे हैं।
note-book-not-in-play = किताब { $number } { $name } में नहीं खेल रही है।
note-booklet-not-in-play = बुकलेट { $number } { $name } में नहीं खेल रही है।
note-ticket-not-sold = { $serial } बिका नहीं, इसलिए { $name } में नहीं खेल रहा।
serial-unknown = आज रात के किसी टिकट का यह सीरियल नंबर नहीं है: टिकट से मिलाकर देखें।
serial-mistyped = इस सीरियल नंबर में कोई अंक ग़लत टाइप हुआ है।
too-many-tries = इस फ़ोन से बहुत बार ग़लत कोशिश हुई: एक मिनट रुककर फिर कोशिश करें।
did-you-mean = क्या आपका मतलब था
or = या
ticket-caption = टिकट { $serial }: { $count } नंबर बाक़ी
ticket-label = टिकट { $serial }
marked = { $number }, निशान लगा
full-house-done = फ़ुल हाउस
to-go = { $count } बाक़ी
claim = इस टिकट पर दावा करें
claim-label = इस टिकट पर दावा करें, { $serial }
stop-following = देखना बंद करें
stop-following-label = { $unit } देखना बंद करें
book = किताब { $number }
booklet = बुकलेट { $number }
catch-up = { $count ->
    [one] पीछे का मिलाएँ: इस पन्ने के खुलने से पहले बुलाया गया { $count } नंबर निशान लगाएँ
   *[other] पीछे का मिलाएँ: इस पन्ने के खुलने से पहले बुलाए गए { $count } नंबर निशान लगाएँ
}
claim-sent = आपका दावा कॉलर के पास है। कॉलर के जाँचने तक अपना टिकट जैसा है वैसा ही रखें।
claim-waiting = { $serial } का आपका दावा कॉलर के पास है।
claim-again = housie ने जवाब नहीं दिया: फिर से दावा करें
verdict-stands-for = { $prizes } के लिए आपका दावा सही है।
verdict-missed = चूक गए: आपका टिकट यह पहले के किसी नंबर पर पूरा कर चुका था।
verdict-incomplete = अभी पूरा नहीं हुआ।
verdict-other = यह जीतने वाला दावा नहीं है।
verdict-barred = बोगी नियम के तहत यह टिकट इस खेल में अब कोई दावा नहीं कर सकता।

## इनाम-सेट, और हर इनाम के लिए क्या चाहिए
set-uk = यूके
set-tambola = तम्बोला
set-tambola-full = पूरा तम्बोला
needs-early-five = कोई भी 5 नंबर
needs-one-line = कोई एक पूरी लाइन
needs-two-lines = कोई दो पूरी लाइनें
needs-top-line = ऊपर की लाइन के सारे नंबर
needs-middle-line = बीच की लाइन के सारे नंबर
needs-bottom-line = नीचे की लाइन के सारे नंबर
needs-four-corners = चारों कोने (ऊपर और नीचे की लाइन के पहले और आख़िरी नंबर)
needs-corners-and-star = चारों कोने और तारा (बीच की लाइन का बीच वाला नंबर)
needs-full-house = सारे 15 नंबर

## दावे का फ़ैसला और उसका वाक्य
verdict-word-stands = सही
verdict-word-missed = चूक गया
verdict-word-incomplete = अभी पूरा नहीं
verdict-word-refused = नामंज़ूर
verdict-word-unknown = अनजान
verdict-word-malformed = सीरियल नहीं
and = और
claim-stands = { $prizes } पिछले नंबर से पूरा हुआ (कॉल { $call }, { $number })
claim-with-place = { $prize } ({ $place } स्थान)
claim-missed = { $missed }; पिछली कॉल { $last } है
claim-missed-one = { $prize } कॉल { $call } ({ $number }) पर ही पूरा हो गया था
claim-incomplete = { $prize } के लिए { $needed } और चाहिए: { $numbers }
claim-incomplete-of = { $prize } के लिए इनमें से { $needed } और चाहिए: { $numbers }
claim-nothing-open = यह टिकट कोई खुला इनाम पूरा नहीं कर सकता
claim-all-won = { $game } के सारे इनाम जीते जा चुके हैं
claim-not-in-play-book = किताब { $number } { $game } में नहीं खेल रही ({ $books })
claim-not-in-play-booklet = बुकलेट { $number } { $game } में नहीं खेल रही ({ $books })
claim-not-sold = { $serial } बिका नहीं, इसलिए { $game } में नहीं खेल रहा
claim-wrong-game = { $serial } अपनी बुकलेट के खेल { $theirs } का है; { $game } में खेल { $ours } खेला जा रहा है
claim-forged = जाली: { $serial } के लिए सूची के नंबर वे नहीं हैं जो सीड ने निकाले; काग़ज़ का टिकट जाँचें
claim-barred-before = { $serial } ने कॉल { $call } पर ग़लत दावा किया था, और बोगी नियम से इस खेल में अब कोई दावा नहीं कर सकता
claim-bogey = बोगी: ग़लत दावा; बोगी नियम से यह टिकट इस खेल में अब कोई दावा नहीं कर सकता
claim-spared = रोका नहीं गया: दावा ऐसे फ़ोन से आया जिसने टिकट का कोड नहीं दिया, तो हो सकता है वह टिकट वाले का न हो
check-stands = { $prize }: पिछले नंबर से पूरा
check-stands-place = { $prize }: पिछले नंबर से पूरा · { $place } स्थान
check-missed = { $prize }: कॉल { $call } ({ $number }) पर पूरा
check-needs = { $prize }: { $needed } और चाहिए
check-needs-these = { $prize }: { $needed } और चाहिए: { $numbers }
check-cannot = { $prize }: इस टिकट पर पूरा नहीं हो सकता
check-every-place-won = हर स्थान जीता जा चुका
check-not-open = अभी खुला नहीं

## housie के इनकार
serial-malformed = यह न 1 से 90 का नंबर है, न आज रात का कोई सीरियल।
refused-not-a-number = { $number } बिंगो का नंबर नहीं है (1–90)
refused-already-called = { $number } पहले ही बुलाया जा चुका है (कॉल { $call })
refused-ended = { $game } ख़त्म हो चुका है
refused-all-called = सारे { $numbers } नंबर बुलाए जा चुके हैं
refused-no-undo = वापस लेने को कोई कॉल नहीं है
refused-undo-won = { $number } पर इनाम जीता गया; पहले वह जीत वापस लें (r), फिर कॉल वापस लें
refused-no-calls = अभी कोई नंबर नहीं बुलाया गया
refused-barred = { $serial } को कॉल { $call } पर उसके ग़लत दावे के कारण रोका गया है
refused-already-won = { $serial } इस कॉल पर { $prize } पहले ही जीत चुका है
refused-no-game = खेल { $game } नहीं है
refused-all-played = सारे इनाम खेले जा चुके हैं
refused-does-not-stand = { $serial } का दावा सही नहीं है
refused-barred-rest = { $serial } { $game } के बाक़ी खेल में दावा नहीं कर सकता (कॉल { $call } पर ग़लत दावा); कॉलर से पूछें
refused-claim-waiting = { $serial } का दावा पहले से कॉलर के पास है
refused-queue-full = { $most } दावे कॉलर के पास प्रतीक्षा में हैं; थोड़ी देर में फिर दावा करें
refused-not-in-play = { $serial } { $game } में नहीं खेल रहा
too-many-claims-ticket = इस टिकट से बहुत सारे दावे: { $seconds } सेकंड रुकें, फिर कोशिश करें।
too-many-claims-address = इस पते से बहुत सारे दावे: { $seconds } सेकंड रुकें, फिर कोशिश करें।

## कॉलर की मेज़
desk-title = housie · कॉलर की मेज़
desk-description = कॉलर की मेज़: आज रात के बिंगो की कॉल, दावे और इनाम
desk-pages = पन्ने
desk-no-game = अभी कोई खेल नहीं
desk-open-board = बोर्ड खोलें
desk-board-in = इस भाषा में
desk-record = रात का रिकॉर्ड
desk-cashup = हिसाब
desk-read-only = केवल देखने के लिए: इस पन्ने के पास टोकन नहीं है। housie serve ने जो कॉलर का पता छापा था, वह खोलें।
desk-lost = रात का डेटाबेस खो गया है: { $why }
desk-run-code = रन { $code }
desk-entry-label = नंबर या सीरियल, फिर Enter
desk-entry-placeholder = 17   या   000123-4-0
desk-help = 1–{ $numbers } उसे बुलाता है · सीरियल (टाइप या स्कैन) दावा जाँचता है
key-face = फ़ेस 12 का दावा जाँचता है (उसके बीच के मुफ़्त खाने का नंबर)
free-cell = बीच का मुफ़्त खाना, फ़ेस { $face }
blackout-done = ब्लैकआउट
claim-jackpot = { $prize }, जैकपॉट
claim-consolation = { $prize }, सांत्वना इनाम (जैकपॉट की कॉल के बाद)
desk-jackpot-alive = जैकपॉट: { $left } कॉल बाक़ी ({ $within } के भीतर)
desk-jackpot-won = जैकपॉट, { $within } कॉल के भीतर जीता गया
desk-jackpot-consolation = सांत्वना इनाम के लिए (जैकपॉट को { $within } या कम कॉल चाहिए थीं)
key-d = नंबर निकालें
key-u = पिछली कॉल वापस लें
key-w = दिखाया गया दावा जीता
key-r = पिछली जीत वापस लें
key-n = बिना विजेता के अगले इनाम पर जाएँ
key-a = अपने-आप कॉल चालू या बंद
key-p = या स्पेस: रोकें
key-end = दो बार: खेल ख़त्म
key-pay = दिखाए गए दावे का इनाम, चुकाया
key-q = फ़ोन से आया अगला दावा जाँचता है
key-unbar = और सीरियल: उसकी रोक हटाता है
key-void = और कारण: प्रविष्टि 14 वापस लेता है (बिक्री या चुकाया इनाम)
key-move = और सीरियल: चुकाया इनाम उस टिकट पर ले जाता है जिसके पास अब वह स्थान है
desk-draw = नंबर निकालें
desk-undo = पिछली कॉल वापस लें
desk-win = दिखाया गया दावा जीता
desk-reopen = पिछली जीत वापस लें
desk-next-prize = अगले इनाम पर जाएँ
desk-end = खेल ख़त्म करें
desk-end-title = end, दो बार
desk-auto-every = अपने-आप कॉल हर
desk-seconds = सेकंड
desk-auto-start = अपने-आप कॉल शुरू करें
desk-auto-stop = अपने-आप कॉल रोकें
desk-phone-claims = फ़ोन से आए दावे:
desk-checks-next = अगला जाँचता है
desk-no-calls = अभी कोई कॉल नहीं
desk-claim = दावा
desk-claim-help = दावा जाँचने के लिए सीरियल स्कैन या टाइप करें।
desk-calls-in-order = क्रम से कॉल
desk-prizes = इनाम
desk-claims-game = इस खेल के दावे
desk-new-game = नया खेल
desk-name = नाम
desk-prize-file = इनाम की फ़ाइल
desk-books-in-play = खेल में किताबें
desk-booklets-sold = बिकी बुकलेट
desk-books-placeholder = all, या 1-480
desk-game-of-booklet = हर बुकलेट का खेल
desk-bogey = बोगी नियम: ग़लत दावा टिकट को बाक़ी खेल के लिए रोक देता है
desk-start-game = खेल शुरू करें
desk-draw-seed = ड्रॉ का सीड
desk-games-tonight = आज रात के खेल
desk-sales = बिक्री
desk-sale-what = क्या
desk-sale-sold = बिका
desk-sale-sold-halves = आधी शीट में बिका
desk-sale-sold-tickets = एक-एक टिकट में बिका
desk-sale-issued = विक्रेता को दिया
desk-sale-returned = बिना बिके लौटा
desk-sale-damaged = ख़राब होकर लौटा
desk-sale-voided = बिक्री वापस ली
desk-books = किताबें
desk-booklets = बुकलेट
desk-price = हर एक का दाम
desk-seller = विक्रेता
desk-buyer = ख़रीदार या मेज़ (चाहें तो)
desk-void-why = वापस लेने का कारण
desk-void-why-needed = बताएँ कि बिक्री क्यों वापस ली जा रही है: हिसाब में यह दिखता है।
desk-cash = नक़द चुकाया
desk-record-sale = दर्ज करें
desk-game-n = खेल { $n }
desk-start-first = पहले एक खेल शुरू करें (दाईं ओर नया खेल)।
desk-refused = नामंज़ूर ({ $status })
desk-unsent = नहीं भेजा गया: housie ने जवाब नहीं दिया। “{ $text }” अब भी डिब्बे में है: फिर भेजने के लिए Enter दबाएँ।
desk-unsent-more = नहीं भेजा गया: housie ने जवाब नहीं दिया। “{ $text }” अब भी डिब्बे में है (और { $more } और, वे भी नहीं भेजे गए): फिर भेजने के लिए Enter दबाएँ।
desk-called = कॉल { $index }: { $number }
desk-drawn = कॉल { $index }: { $number } (housie ने निकाला)
desk-took-back = { $number } वापस लिया
desk-no-claim-shown = कोई सही दावा नहीं दिख रहा: पहले दावा जाँचें (उसका सीरियल टाइप या स्कैन करें)।
desk-won-place = { $prize } ({ $place } स्थान)
desk-won-shared = { $prize }, बँटा हुआ
desk-won-by = { $serial } ने जीता: { $prizes }। अगली कॉल से पहले r इसे वापस लेता है।
desk-no-win-to-pay = चुकाने को कोई जीत नहीं: दावा जाँचें (उसका सीरियल टाइप या स्कैन करें), फिर चुकाएँ।
desk-pay-which = { $serial } ने { $prizes } जीते: बताएँ कौन सा, जैसे “pay { $amount } { $prize }”।
desk-pay-again = फिर भी चुकाने के लिए वही pay फिर टाइप करें।
desk-paid = { $serial } को { $prize } के लिए { $amount } चुकाए (प्रविष्टि { $entry }: “void { $entry }” इसे वापस लेता है)।
desk-voided = प्रविष्टि { $entry } रद्द की गई।
desk-voided-why = प्रविष्टि { $entry } रद्द की गई: { $why }।
desk-moved = प्रविष्टि { $entry } अब { $serial } को चुकाती है।
desk-unbarred = { $serial } इस खेल में फिर दावा कर सकता है
desk-reopened = { $prize } की पिछली जीत वापस ली
desk-moved-on = आगे बढ़े: अब खेल { $prize } के लिए (r इसे वापस लेता है)
desk-all-played = सारे इनाम खेले जा चुके हैं
desk-end-again = { $game } ख़त्म करने और उसका ड्रॉ सीड दिखाने के लिए end फिर टाइप करें, फिर Enter।
desk-game-over = खेल ख़त्म: ड्रॉ का सीड नीचे दिखाया गया है
desk-no-phone-claims = फ़ोन से कोई दावा प्रतीक्षा में नहीं है।
desk-ticket-caption = टिकट { $serial }, बुलाए गए नंबर चिह्नित
desk-claim-head = दावा · { $serial } · किताब { $book }, टिकट { $ticket } ({ $file }, पन्ना { $page })
desk-claim-head-booklet = दावा · { $serial } · बुकलेट { $booklet } · खेल { $game }, टिकट { $ticket } ({ $file }, पन्ना { $page })
desk-claim-head-face = दावा · { $serial } · शीट { $book }, फ़ेस { $ticket }, फ़ेस नंबर { $face } ({ $file }, पन्ना { $page })
desk-claim-colour = { $colour } पन्ना
desk-win-hint = w (या बटन): इसे जीता दर्ज करें · फिर कॉल जारी रखें
desk-paused = रुका है ({ $why }): p या स्पेस फिर चलाता है
desk-next-draw = अगला नंबर { $seconds } सेकंड में · p या स्पेस रोकता है
why-claim-stands = एक दावा सही है
why-phone-claim = फ़ोन से एक दावा
why-typing = एक दावा टाइप हो रहा है
desk-has-ended = खेल ख़त्म हो चुका है।
desk-auto-range = अपने-आप कॉल 3 से 60 सेकंड में होती है: इस दायरे में पूरी संख्या दें।
desk-auto-on = अपने-आप कॉल: housie हर { $seconds } सेकंड में नंबर निकालता है।
desk-auto-off = अपने-आप कॉल बंद है (a इसे शुरू करता है)।
desk-in-play-booklets = बुकलेट { $books }, खेल { $game }
desk-in-play-books = किताब { $books }
desk-planning = इन टिकटों पर इनामों का अनुमान लग रहा है…
desk-plan-line = { $prize }: कॉल { $median } ({ $p5 }–{ $p95 }), { $shared } % खेलों में बँटा
desk-plan-head = जीत की संभावित कॉल (इन { $tickets } टिकटों पर { $games } खेल)
desk-game-ended = { $name } (ख़त्म)
desk-watch-caption = खेल में टिकट हर इनाम के कितने पास हैं
desk-watch-prize = इनाम
desk-watch-have = पूरा
desk-watch-away = एक दूर
desk-at-call = कॉल { $call } पर
desk-at-call-by = कॉल { $call } पर, { $who }
desk-state-won = जीता गया
desk-state-playing = चल रहा है
desk-state-waiting = प्रतीक्षा में
desk-claim-log = { $at } · कॉल { $call } · { $serial } · { $what }
desk-phone = फ़ोन
desk-queue-next = अगला:
desk-queue = { $serial } · { $source } · कॉल { $call } पर · { $kind }
desk-phone-only = केवल फ़ोन: जाँचने को काग़ज़ नहीं
desk-paper = काग़ज़: टिकट जाँचें
desk-unproven = टिकट के कोड के बिना: पूछें किसके पास है; कभी रोका नहीं जाता
desk-barred = इस खेल में रोके गए: { $serials } (unbar और सीरियल रोक हटाता है)
desk-seed-revealed = खुला: { $seed } (SHA-256 { $commitment })। कोई भी ड्रॉ दोबारा गिन सकता है: housie draws { $seed }
desk-seed-secret = गुप्त सीड का SHA-256, जिससे housie नंबर निकालता है: { $commitment }
desk-game-line = { $id }. { $name } · { $prizes } · { $books } · { $calls }
desk-ended = ख़त्म
desk-set = { $name } ({ $opens }): { $prizes }
desk-opens-together = सब एक साथ खुले
desk-opens-in-order = क्रम से
desk-prize-file-option = इनाम की फ़ाइल…
desk-choose-file = इनाम की फ़ाइल चुनें, या कोई इनाम-सेट।
desk-file-too-big = इनाम की फ़ाइल अधिकतम 64 KiB की हो सकती है।
desk-started = { $game } शुरू हुआ
desk-cashup-line = बिके { $sold } { $units } · आमदनी { $takings } · चुकाए इनाम { $paid } · अपेक्षित नक़द { $expected }
desk-cashup-missing = ग़ायब { $missing }
desk-warning = चेतावनी: { $warning }
desk-limits = { $regime }: एक खिलाड़ी एक रात में अधिकतम { $per_player }, इनाम कुल अधिकतम { $prizes }
units-books = { $count ->
    [one] किताब
   *[other] किताबें
}
units-booklets = { $count ->
    [one] बुकलेट
   *[other] बुकलेट
}
units-half-sheets = { $count ->
    [one] आधी शीट
   *[other] आधी शीटें
}
units-tickets = { $count ->
    [one] टिकट
   *[other] टिकट
}
desk-record-again = फिर भी दर्ज करने के लिए फिर दर्ज करें।
desk-sold = बिका { $units }
desk-given = { $seller } को दिया: { $units }
desk-returned = लौटा { $units }
desk-returned-damaged = ख़राब होकर लौटा { $units }
desk-sale-taken-back = बिक्री वापस ली: { $units }

## हिसाब: उसका पाठ और हस्ताक्षर वाला पन्ना
cashup-title = हिसाब ({ $currency }{ $regime })
cashup-no-currency = कोई मुद्रा तय नहीं
cashup-sold = बिके
cashup-takings = आमदनी
cashup-prizes-paid = चुकाए इनाम
cashup-balance = बाक़ी
cashup-cash-expected = अपेक्षित नक़द
cashup-cash-expected-note = (लिया गया नक़द, नक़द में चुकाए इनाम घटाकर)
cashup-sellers = विक्रेता ({ $units })
cashup-seller = { $seller }: दिए { $issued }; बिके { $sold } ({ $count }), आमदनी { $takings }; लौटे { $returned }; ग़ायब { $missing }
cashup-missing = ग़ायब: { $units } { $missing } दिए गए, पर न बिके न लौटे
cashup-damaged = ख़राब: { $units } { $damaged }
cashup-given-free = मुफ़्त दी गईं: { $units } { $free } (खेल में, कोई पैसा नहीं)
cashup-given-free-to = { $units }: { $buyer } को
cashup-remote = दूर के खिलाड़ी
cashup-desk = (डेस्क)
cashup-seal = { $events ->
    [one] रात का लॉग: { $events } घटना, सील { $seal } (`housie verify DIR --seal { $seal }` दिखाता है कि तब से कोई घटना बदली या हटाई नहीं गई)
   *[other] रात का लॉग: { $events } घटनाएँ, सील { $seal } (`housie verify DIR --seal { $seal }` दिखाता है कि तब से कोई घटना बदली या हटाई नहीं गई)
}
cashup-voided = रद्द बिक्री: { $count }
cashup-voided-sale = #{ $entry } { $units } ({ $amount })
cashup-voided-sale-why = #{ $entry } { $units } ({ $amount }): { $why }
cashup-warning = चेतावनी: { $warning }
cashup-prizes = चुकाए इनाम
cashup-payout = #{ $entry } खेल { $game }: { $prize } ({ $place } स्थान), { $serial } को: { $amount } ({ $how })
cashup-cash = नक़द
cashup-not-cash = नक़द नहीं
cashup-moved = [{ $from } से हटाया]
cashup-voided-entry = [रद्द, गिना नहीं गया]
cashup-voided-why = [रद्द: { $why }, गिना नहीं गया]
cashup-sheet-title = { $title }: हिसाब
cashup-sheet-page = (पन्ना { $page } / { $pages })
cashup-col-seller = विक्रेता
cashup-col-issued = दिए
cashup-col-sold = बिके
cashup-col-count = गिनती
cashup-col-takings = आमदनी
cashup-col-returned = लौटे
cashup-col-missing = ग़ायब
cashup-col-entry = प्रविष्टि
cashup-col-game = खेल
cashup-col-prize = इनाम
cashup-col-place = स्थान
cashup-col-serial = टिकट
cashup-col-amount = रक़म
cashup-col-how = कैसे
cashup-counted-by = गिना:
cashup-checked-by = जाँचा:
cashup-signed = हस्ताक्षर:
cashup-date = तारीख़:

## नंबरों के नाम की सूचियाँ
list-uk = यूके
list-tambola = तम्बोला
list-hindi = हिन्दी
list-tambola-hindi = तम्बोला की कहावतें

## पन्ना: ब्राउज़र में housie (site/)
site-tagline = आपके ब्राउज़र में बने बिंगो टिकट: कुछ इंस्टॉल नहीं, कुछ अपलोड नहीं
site-events = आपके आयोजन
site-kept = आयोजन इसी कंप्यूटर के इसी ब्राउज़र में रखे जाते हैं। नंबर यहीं निकाले जाते हैं; कुछ भी कहीं नहीं भेजा जाता।
site-new-title = नए आयोजन का शीर्षक (हर टिकट पर छपेगा)
site-create = बनाएँ और डिज़ाइन करें
site-no-events = अभी कोई आयोजन नहीं: ऊपर एक बनाइए।
site-give-title = आयोजन को एक शीर्षक दीजिए।
site-state-designed = डिज़ाइन हुआ
site-state-printed = छपने को तैयार
site-design = डिज़ाइन
site-logo-too-large = लोगो अधिक से अधिक { $mb } MB का हो।
site-font-too-large = फ़ॉन्ट फ़ाइल अधिक से अधिक { $mb } MB की हो।
site-page = पन्ना
site-preview-label = छपे पन्ने की झलक, नमूने के नंबरों के साथ
site-print = छपाई
site-generate = छपाई की फ़ाइल बनाएँ
site-stop = रोकें
site-progress = प्रगति
site-making = बन रहा है
site-page-of = { $verb }: पन्ना { $done } / { $total }
site-done = हो गया: फ़ाइलें डाउनलोड के लिए तैयार हैं।
site-stopped = रोका गया: कुछ नहीं बना।
site-confirm-again = छपाई की फ़ाइल फिर से बनाएँ? नई फ़ाइल में नए नंबर होंगे: पुरानी की सारी प्रतियाँ फेंक दीजिए।
site-download-zip = सब कुछ एक zip में: { $name }
site-save-folder = फ़ाइलें किसी फ़ोल्डर में सहेजें…
site-saved = { $name } में सहेजा गया।
site-picture = किसी खिलाड़ी को भेजने के लिए बुकलेट की तस्वीर: नंबर
site-picture-make = तस्वीर बनाएँ
site-delete = यह आयोजन इस ब्राउज़र से मिटाएँ
site-confirm-delete = यह आयोजन इस ब्राउज़र से मिटाएँ? अगर आपने फ़ाइलें डाउनलोड नहीं कीं तो वे चली जाएँगी।
site-verify = किसी रन की जाँच
site-verify-hint = housie की बनाई zip डालिए (या उसका फ़ोल्डर चुनिए): हर टिकट सीड से फिर निकाला जाता है और बाइट-दर-बाइट मिलाया जाता है, जैसे housie verify करता है।
site-verify-zip = किसी रन की zip
site-verify-folder = या किसी रन का फ़ोल्डर
site-verifying = जाँच हो रही है
site-valid = सही
site-not-valid = सही नहीं
site-top-up = इस रन में और जोड़ें
site-top-up-hint = इस रन के आगे नंबर वाली और किताबें, दोनों में कोई टिकट या लाइन दोहराई नहीं। नया फ़ोल्डर इसी के पास रखिए।
site-more = कितनी और
site-top-up-make = और बनाएँ
site-footer = housie इसी पन्ने में चलता है: housie प्रोग्राम वाला ही इंजन, बाइट-दर-बाइट।
site-packing = फ़ाइलें एक zip में बाँधी जा रही हैं…
site-stale = किसी दूसरे टैब ने यह आयोजन बदला: यहाँ वह वैसा ही दिखाया गया है जैसा उस टैब ने छोड़ा।
site-stale-run = छपाई की फ़ाइल बनते समय किसी दूसरे टैब ने यह आयोजन बदला: यह रन अभी डाउनलोड कर लीजिए, क्योंकि इस ब्राउज़र ने इसे नहीं रखा।
site-no-room = इस ब्राउज़र में housie के आयोजनों के लिए जगह नहीं बची, इसलिए कुछ नहीं बदला: अपने रनों की zip डाउनलोड कीजिए और जिन आयोजनों की ज़रूरत नहीं उन्हें मिटाइए।
site-no-room-run = इस ब्राउज़र में यह रन रखने की जगह नहीं बची: इसकी zip अभी डाउनलोड कीजिए।
site-not-stored = यह ब्राउज़र आयोजन को नहीं रख सका ({ $why }), इसलिए कुछ नहीं बदला।
site-not-kept = जगह कम होने पर यह ब्राउज़र रखे हुए आयोजन मिटा सकता है: हर रन की zip सँभालकर रखिए।
site-nights = इस ब्राउज़र में रखी रातें
site-open-desk = कॉलर की डेस्क खोलें
site-desk-hint = रात अपने अलग टैब में: कॉल, सीरियल से दावे, प्रोजेक्टर के लिए बोर्ड, पैसा। यह इसी ब्राउज़र में रखी जाती है।

## The design form, the page's and the studio's alike
form-logo-fits = जहाँ जगह हो
form-logo-fits-at = जहाँ जगह हो: { $place }
form-paper-a4 = A4 काग़ज़
form-paper-letter = यूएस लेटर

## The paper's own words, printed in a run made with `generate --lang` (each `paper-text-`
## message is a shipped template's text; `{ $book }` and the others are the page's to fill)
paper-no = क्र.
paper-text-book = किताब { $book }
paper-text-books = किताबें { $book }
paper-text-booklet = बुकलेट { $booklet } · खेल { $game } · { $colour }
paper-text-booklets = बुकलेट { $booklet } · खेल { $game } · { $colour }
paper-text-large-booklet = बुकलेट { $booklet }, खेल { $game } का पन्ना { $part } / { $parts }
paper-text-large-book = किताब { $book } का पन्ना { $part } / { $parts }
paper-text-page = पन्ना { $page } / { $pages }
paper-text-eyes-down = ध्यान से खेलें, शुभकामनाएँ!
paper-text-sheet = शीट { $book }
paper-text-sheet-booklet = पैकेट { $booklet } · खेल { $game } · { $colour }
paper-text-good-luck = शुभकामनाएँ!
colour-blue = नीला
colour-red = लाल
colour-lime = धानी
colour-green = हरा
colour-violet = बैंगनी
colour-orange = नारंगी
colour-aqua = फ़िरोज़ी
colour-pink = गुलाबी
colour-maroon = मैरून
colour-charcoal = स्लेटी

## स्टूडियो (housie studio): इवेंट की सूची और एक इवेंट का पन्ना
studio-events-title = housie studio · इवेंट
studio-event-title = housie studio · इवेंट
studio-description = housie studio: बिंगो टिकट डिज़ाइन करें, छापें और रात का खेल चलाएँ
studio-your-events = आपके इवेंट
studio-quit = housie बंद करें
studio-quit-confirm = housie बंद करें? स्टूडियो बंद हो जाएगा; आपके इवेंट अपने फ़ोल्डर में रहेंगे, और अगली बार housie उन्हें फिर खोलेगा।
studio-quit-done = housie बंद हो गया है। आप यह टैब बंद कर सकते हैं; फिर शुरू करने के लिए housie को पहले की तरह खोलें।
studio-new = नया इवेंट
studio-new-title = शीर्षक (हर टिकट पर छपता है)
studio-title-example = दिवाली तम्बोला
studio-paper = काग़ज़
studio-new-books = किताबें: एक खेल के लिए हर खिलाड़ी को 6 टिकट की एक किताब
studio-new-booklets = बुकलेट: हर खेल की एक किताब, हर खेल अपने रंग में
studio-how-many-books = कितनी किताबें
studio-how-many-booklets = कितनी बुकलेट
studio-games = एक बुकलेट में खेल
studio-create = बनाएँ और डिज़ाइन करें
studio-list = इस फ़ोल्डर के इवेंट
studio-empty = अभी कोई इवेंट नहीं: ऊपर एक बनाइए।
studio-list-caption = डिज़ाइन करने, छापने या रात का खेल चलाने के लिए इवेंट खोलें।
studio-col-event = इवेंट
studio-col-paper = काग़ज़
studio-col-made = बना
studio-col-state = स्थिति
studio-state-designed = डिज़ाइन हुआ
studio-state-printed = छपा
studio-state-night = रात का खेल जारी
studio-state-ended = ख़त्म
studio-top-up-mark = (और टिकट)
studio-all-events = सभी इवेंट
studio-frozen = इस काग़ज़ पर रात का खेल हो चुका है, इसलिए यह अब बदला नहीं जा सकता।
studio-duplicate = नए इवेंट के रूप में नक़ल बनाएँ
studio-frozen-then = नए काग़ज़ के लिए, या और किताबों के लिए नीचे और टिकट जोड़ें।
studio-design = डिज़ाइन
studio-title = शीर्षक
studio-subtitle = उपशीर्षक (हर पन्ने के नीचे: कहाँ और कब, किसके लिए)
studio-look = रूप
studio-look-classic = क्लासिक: सफ़ेद पर काला, ख़ाली ख़ाने स्लेटी
studio-look-festival = उत्सव: ऊपर रंगीन पट्टी
studio-look-large-print = बड़े अक्षर: एक पन्ने पर तीन टिकट
studio-look-twelve = बारह एक साथ: एक पन्ने पर दो किताबें
studio-look-twenty-four = चौबीस एक साथ: एक आड़े पन्ने पर चार किताबें (सिर्फ़ A4)
studio-look-slips = पर्चियाँ: हर टिकट पर शीर्षक, एक-एक बेचने के लिए
studio-look-phone = फ़ोन: हर टिकट के पास एक QR कोड जो उसे फ़ोन पर खोलता है
studio-look-bingo-1 = 75-बॉल, 1-ऑन: एक शीट पर एक बड़ा कार्ड
studio-look-bingo-2 = 75-बॉल, 2-ऑन: एक शीट पर दो कार्ड
studio-look-bingo-3 = 75-बॉल, 3-ऑन: एक शीट पर तीन कार्ड
studio-look-bingo-4 = 75-बॉल, 4-ऑन: एक आड़ी शीट पर चार कार्ड
studio-look-own = मेरा अपना टेम्पलेट (नीचे अपलोड करें)
studio-player-url = खिलाड़ी के पन्ने का पता (हर टिकट का QR कोड जो खोलता है)
studio-player-url-help = इसे ख़ाली छोड़ें तो स्टूडियो हॉल के नेटवर्क पर अपनी रात का पता छापता है (नीचे डेस्क, फ़ोन को आने की अनुमति के साथ)। पता सिर्फ़ तब दें जब रात का खेल कहीं और से चलाना हो; राउटर से कहें कि रात भर इस कंप्यूटर का पता न बदले।
studio-template-file = टेम्पलेट अपलोड करें (TOML)
studio-paper-size = काग़ज़ का आकार
studio-kind = किताबें या बुकलेट
studio-kind-books = किताबें
studio-kind-booklets = बुकलेट (हर खेल की एक किताब)
studio-lines = लाइनें
studio-lines-unique = कोई लाइन दोहराई नहीं (10,000 किताबों तक)
studio-lines-blocks = हर 10,000 किताबों में कोई लाइन दोहराई नहीं
studio-lines-repeat = लाइनें दोहराई जा सकती हैं
studio-lines-help = एक ही लाइन (एक पंक्ति में वही पाँच नंबर) वाले दो टिकट उसका इनाम बाँटेंगे। 10,000 से ज़्यादा किताबों पर चुनें: हर 10,000 में लाइनें अलग (एक खेल इससे ज़्यादा नहीं खेलता), या लाइनें जो दोहराई जा सकती हैं।
studio-order = बुकलेट कैसे छपें
studio-order-booklets = बुकलेट दर बुकलेट, हर खेल अपने रंग में
studio-order-games = खेल दर खेल, काले में, रंगीन काग़ज़ के लिए
studio-prizes = रात के इनाम
studio-prizes-uk = UK: एक लाइन, दो लाइन, फ़ुल हाउस, क्रम से
studio-prizes-tambola = तम्बोला: जल्दी फ़ाइव, लाइनें, कोने, फ़ुल हाउस, सब पहली कॉल से
studio-prizes-tambola-full = तम्बोला, पूरा: और इनाम और स्थान, सब पहली कॉल से
studio-prizes-bingo = 75-बॉल: एक लाइन, फिर ब्लैकआउट, क्रम से
studio-prizes-bingo-patterns = 75-बॉल पैटर्न: लाइन, कोने, डाक टिकट, X, अक्षर, ब्लैकआउट, क्रम से
studio-prizes-bingo-jackpot = 75-बॉल: एक लाइन, फिर ब्लैकआउट; 50 कॉल के भीतर जैकपॉट
studio-currency = रात का पैसा (डेस्क की बिक्री, इनाम और हिसाब)
studio-currency-gbp = £ पाउंड (GBP)
studio-currency-inr = ₹ रुपये (INR), लाख और करोड़ में
studio-currency-eur = € यूरो (EUR)
studio-currency-usd = $ डॉलर (USD)
studio-currency-cad = $ कनाडाई डॉलर (CAD)
studio-currency-aud = $ ऑस्ट्रेलियाई डॉलर (AUD)
studio-currency-nzd = $ न्यूज़ीलैंड डॉलर (NZD)
studio-currency-zar = R रैंड (ZAR)
studio-bleed = ब्लीड (मिमी; प्रेस 3 माँगता है)
studio-crop = कटाई के निशान
studio-sheet-help = हर पन्ने को कितनी बड़ी शीट चाहिए: 3 मिमी ब्लीड के साथ A4, 216 × 303 मिमी (SRA4); कटाई के निशानों के साथ 225 × 312 मिमी (SRA4 में चौड़ाई में कोई जगह नहीं बचती: A3 या SRA3 सुरक्षित है)। ब्लीड के साथ Letter, 222 × 285 मिमी (SRA4); कटाई के निशानों के साथ 231 × 294 मिमी (SRA4 के लिए बहुत चौड़ा: A3, SRA3 या 12 × 18 इंच)।
studio-logo = लोगो (आपके क्लब का या प्रायोजक का)
studio-logo-file = PNG या JPEG चित्र
studio-logo-height = ऊँचाई (मिमी)
studio-logo-where = कहाँ
studio-logo-header-centre = ऊपर, बीच में
studio-logo-header-left = ऊपर, बाएँ
studio-logo-header-right = ऊपर, दाएँ
studio-logo-footer-centre = नीचे, बीच में
studio-logo-footer-left = नीचे, बाएँ
studio-logo-footer-right = नीचे, दाएँ
studio-logo-remove = लोगो हटाएँ
studio-font = फ़ॉन्ट (ऐसी लिपि के शीर्षक के लिए जो housie के अपने फ़ॉन्ट में नहीं है)
studio-font-file = TrueType या OpenType फ़ॉन्ट फ़ाइल
studio-font-using = काग़ज़ इस फ़ॉन्ट में छपता है:
studio-font-remove = housie के अपने फ़ॉन्ट इस्तेमाल करें
studio-font-big = फ़ॉन्ट फ़ाइल ज़्यादा से ज़्यादा 64 मेगाबाइट की हो
studio-reading-font = फ़ॉन्ट पढ़ा जा रहा है…
studio-print = छपाई
studio-generate = छपाई की फ़ाइल बनाएँ
studio-generate-again = फिर से बनाएँ (नए नंबर)
studio-stop = रोकें
studio-verify = जाँचें
studio-progress = प्रगति
studio-pictures = संदेश से टिकट पाने वाले खिलाड़ी के लिए टिकट चित्र के रूप में: बुकलेट
studio-picture-link = चित्र डाउनलोड करें
studio-seed-hint = रन का रिकॉर्ड (इवेंट के फ़ोल्डर में run.json) वह सीड रखता है जिससे हर टिकट फिर बनता है: इसे निजी रखें, और सँभालकर रखें। यहाँ इसे कभी डाउनलोड के लिए नहीं दिया जाता।
studio-preview = झलक: पहला पन्ना जैसा छपेगा
studio-page = पन्ना
studio-sample = नमूने के नंबर; आपके रन के अपने नंबर होंगे।
studio-night = रात का खेल
studio-phones = फ़ोन को जुड़ने दें
studio-phones-help = इस कंप्यूटर के नेटवर्क (हॉल का Wi-Fi) पर खिलाड़ियों के फ़ोन अपने टिकट देखते हैं, और बोर्ड जुड़ने का कोड दिखाता है; डेस्क को फिर भी अपनी चाबी चाहिए। बंद हो तो सिर्फ़ यही कंप्यूटर रात के खेल तक पहुँचता है। फ़ोन वाला रूप इसे चालू करता है: उसके टिकटों के कोड फ़ोन के लिए हैं। डेस्क खोलने से पहले चुनें।
studio-open-desk = कॉलर की डेस्क खोलें
studio-desk-link = कॉलर की डेस्क
studio-keep-running = पूरी रात housie studio चलता रहने दें (उसकी विंडो, या वह टर्मिनल जहाँ से शुरू हुआ): डेस्क, बोर्ड और खिलाड़ियों के फ़ोन उसी से चलते हैं। रात का खेल शुरू होते ही काग़ज़ बदला नहीं जा सकता: डिज़ाइन बदलने के लिए इवेंट की नक़ल बनाएँ, या और किताबों के लिए और टिकट जोड़ें (वे कुछ सेकंड में चल रहे खेल में जुड़ जाते हैं)।
studio-more = और किताबें
studio-top-up = और टिकट जोड़ें
studio-archive = यह इवेंट संग्रह में रखें
studio-run-code = रन { $code }: यह कोड हर फ़ाइल पर, उनके नामों में और कॉलर की डेस्क पर है; कोड मिलें तो काग़ज़ और डेस्क मेल खाते हैं।
studio-restore = रन { $code } वापस लाएँ
studio-restore-confirm = रन { $code } को ठीक वैसा ही फिर बनाएँ? अभी यहाँ का रन ({ $now }) रखा रहेगा और बाद में वापस लाया जा सकता है।
studio-replaced = बदला गया: रन { $code }
studio-proof = नमूना: पहली 12 किताबें, सब छापने से पहले जाँचने के लिए
studio-file = { $name } ({ $kb } किलोबाइट)
studio-page-game = { $page } (खेल { $page })
studio-phones-at = फ़ोन { $join } पर जुड़ते हैं (बोर्ड उसका कोड दिखाता है)। कौन जुड़ सकता है यह बदलने के लिए स्टूडियो फिर से शुरू करें।
studio-no-preview = झलक नहीं: { $why }
studio-template-big = टेम्पलेट ज़्यादा से ज़्यादा 64 किलोबाइट का हो
studio-image-big = चित्र ज़्यादा से ज़्यादा 20 मेगाबाइट का हो
studio-reading-image = चित्र पढ़ा जा रहा है…
studio-verifying = जाँच: पन्ना { $done } / { $total }
studio-generating = बन रहा है: पन्ना { $done } / { $total }
studio-not-valid = सही नहीं
studio-valid = सही: हर फ़ाइल सीड से फिर बनी और बाइट-दर-बाइट मिली
studio-done = हो गया: फ़ाइलें नीचे हैं
studio-stopped = रोका गया: कुछ नहीं लिखा गया।
studio-failed = नहीं हो सका
studio-generate-confirm = नए नंबरों के साथ फिर से बनाएँ? रन { $code } बदल जाएगा: उससे पहले छपा काग़ज़ डेस्क से मेल नहीं खाएगा। (रात का खेल होने तक उसे वापस लाया जा सकता है।)
studio-desk-open = डेस्क एक नए टैब में खुली है।
studio-desk-open-phones = डेस्क एक नए टैब में खुली है। फ़ोन { $join } पर जुड़ते हैं।
studio-archive-confirm = यह इवेंट संग्रह में रखें? यह सूची से हट जाएगा; इसका फ़ोल्डर, उसके सीड और रात के खेल समेत, इवेंट फ़ोल्डर के .archived में चला जाएगा, कभी मिटाया नहीं जाएगा।
studio-preview-label = पन्ना { $page } / { $pages } की झलक, नमूने के नंबरों के साथ
studio-paper-books = { $books ->
    [one] { $books } किताब
   *[other] { $books } किताबें
}
studio-paper-booklets = { $booklets ->
    [one] { $booklets } बुकलेट × { $games } खेल
   *[other] { $booklets } बुकलेट × { $games } खेल
}

## बही के इनकार, जैसे डेस्क दिखाता है।
ledger-no-currency = पहले रात की मुद्रा तय करें।
ledger-currency-set = रात की मुद्रा पहले से { $currency } है।
ledger-issued = { $units } पहले ही { $seller } को दिया जा चुका है।
ledger-other-seller = { $units } { $issued_to } को दिया गया था, { $seller } को नहीं।
ledger-not-issued-to = { $units } कभी { $seller } को नहीं दिया गया: पहले उन्हें दें, या बिक्री बिना विक्रेता के (डेस्क की) दर्ज करें।
ledger-sold = { $units } पहले ही बिक चुका है।
ledger-returned = { $units } बिना बिके या ख़राब होकर लौट चुका है।
ledger-not-issued = { $units } कभी किसी विक्रेता को नहीं दिया गया।
ledger-return-of-sold = { $units } बिक चुका है; पहले बिक्री रद्द करें।
ledger-nothing-to-void = प्रविष्टि { $entry } कोई चालू बिक्री या चुकाया इनाम नहीं है।
ledger-not-a-payout = प्रविष्टि { $entry } कोई चालू चुकाया इनाम नहीं है।
ledger-part-of-book = { $units } किताब का हिस्सा है: इसे आधी शीट या एक-एक टिकट में बिका दर्ज करें।
ledger-not-half-sheets = { $units } आधी शीट नहीं है: आधी शीट किताब के टिकट 1-3 या 4-6 होती है।
ledger-zero-payout = चुकाया इनाम 0.00 से ज़्यादा होता है: दी गई रक़म लिखें।
ledger-in-play = उस बिक्री का काग़ज़ खेल { $game } में है, जो अभी चल रहा है: खेल ख़त्म होने के बाद बिक्री (प्रविष्टि { $sale }) रद्द करें।
ledger-won-on-sale = उस बिक्री का { $serial } खेल { $game } में जीता, यानी वह खेल में था और बिका था: जब तक उसकी जीत खड़ी है, बिक्री (प्रविष्टि { $sale }) भी खड़ी रहती है।
ledger-paid-on-sale = उस बिक्री के { $serial } को इनाम चुकाया गया (प्रविष्टि { $payout }): पहले वह भुगतान रद्द करें, फिर बिक्री (प्रविष्टि { $sale })।
ledger-void-without-reason = बताएँ कि प्रविष्टि { $entry } क्यों वापस ली जा रही है (`void { $entry }` के बाद कारण): हिसाब में यह दिखता है।
ledger-not-won = { $serial } खेल { $game } में { $prize } का विजेता पक्का नहीं किया गया।
ledger-paid-twice = खेल { $game } में { $prize } पहले ही { $serial } को चुकाया जा चुका है (प्रविष्टि { $entry }); अगर वह जीत वापस ली गई, तो भुगतान नए विजेता पर ले जाएँ या रद्द करें।
units-malformed = `{ $text }` कोई संख्या या 1-50 जैसी रेंज नहीं है।
units-backwards = { $from }-{ $to } उल्टी चलती है।
units-outside = { $from }-{ $to } रन की { $first }-{ $last } से बाहर है।
units-twice = { $unit } दो बार दिया गया है।
units-empty = कोई किताब नहीं दी गई।
units-whole = इस रन की बुकलेट पूरी बिकती हैं, टिकट से नहीं।
units-no-ticket = किताब में टिकट 1-{ $per } होते हैं, { $ticket } नहीं।
units-ticket-twice = टिकट { $ticket } दो बार दिया गया है।

## स्टूडियो और पन्ने की डिज़ाइन की जाँच, हर ख़ाने के पास
design-prizes-card = `{ $prizes }` { $set } इनामों का सेट है, पर रूप `{ $look }` { $card } कार्ड छापता है।
design-give-title = आयोजन को एक शीर्षक दीजिए।
design-too-long = { $max } अक्षरों से लंबा है।
design-no-look = `{ $look }` housie का कोई रूप नहीं है।
design-a4-only = `{ $look }` रूप सिर्फ़ A4 पर छपता है: A4 चुनिए।
design-currency = मुद्रा उसके तीन अक्षरों के कोड से चुनिए: INR, GBP, EUR, USD आदि।
design-both = किताबें या बुकलेट दीजिए, दोनों नहीं।
design-one-book = कम से कम 1 किताब बनाइए।
design-too-many-books = housie यहाँ एक बार में { $max } किताबें तक बनाता है; इससे ज़्यादा के लिए डाउनलोड किया प्रोग्राम चलाइए: `housie generate`।
design-one-booklet = कम से कम 1 बुकलेट बनाइए।
design-games = बताइए कि एक बुकलेट में कितने खेल हैं।
design-too-many-booklets = { $games } खेलों की { $booklets } बुकलेट { $books } किताबें हैं; housie यहाँ एक बार में { $max } तक बनाता है।
design-how-many = बताइए कि कितनी किताबें या बुकलेट बनानी हैं।
design-no-prizes = `{ $prizes }` housie का कोई इनाम-सेट नहीं है ({ $names })।
design-upload-logo = लोगो इस आयोजन में अपलोड कीजिए (वह logo.png या logo.jpg के नाम से रखा जाता है)।
design-upload-font = फ़ॉन्ट इस आयोजन में अपलोड कीजिए (TrueType या OpenType फ़ाइल)।
design-games-with-booklets = खेल बुकलेट के साथ होते हैं (एक बुकलेट में हर खेल की एक किताब)।
design-order-pages = `{ $look }` रूप एक पन्ने पर { $books } किताबें छापता है, जिससे अलग-अलग रंगों के खेल एक पन्ने पर होंगे: “खेल दर खेल, काले में, रंगीन काग़ज़ के लिए” चुनिए, या एक पन्ने पर एक किताब वाला रूप।
design-unknown-field = `{ $name }` किसी आयोजन के डिज़ाइन का हिस्सा नहीं है।
design-number-from = { $min } से { $max } तक की कोई संख्या दीजिए।
design-whole-number-from = { $min } से { $max } तक की कोई पूर्ण संख्या दीजिए।
design-wrong-value = housie यहाँ यह मान नहीं लेता।
design-not-read = यह आयोजन ऐसा डिज़ाइन नहीं है जिसे housie पढ़ सके।
page-seed-text = सीड टेक्स्ट होता है, उद्धरण चिह्नों में: कोई भी शब्द या अंक (ऐसा सीड जिसका कोई अनुमान न लगा सके, उसके लिए इसे छोड़ दीजिए)।
page-date-seconds = तारीख़ 1970 से अब तक के पूरे सेकंड की संख्या होती है (अभी की तारीख़ के लिए इसे छोड़ दीजिए)।
page-how-many-more = बताइए कितनी और: { "{" }"books": N{ "}" } या { "{" }"booklets": N{ "}" }।

## इंजन आयोजक की अपनी पसंद में से क्या नहीं छापता, स्टूडियो और पन्ने के ख़ानों के पास
print-lines-undecided = बिना दोहराई लाइनों वाली { $books } किताबें एकसमान नहीं रहेंगी (10,000 किताबों के बाद किसी नंबर की पंक्ति खिसकने लगती है): “हर 10,000 किताबों में कोई लाइन दोहराई नहीं” या “लाइनें दोहराई जा सकती हैं” चुनिए।
print-title-too-wide = शीर्षक { $width } मिमी चौड़ा है, पर इस रूप की ऊपर की पंक्ति में “{ $right }” के पास { $room } मिमी की ही जगह है: उसे छोटा कीजिए, या ज़्यादा जगह वाला रूप चुनिए।
print-label-too-wide = हर टिकट पर “{ $label }” के रूप में छपने वाला शीर्षक { $width } मिमी चौड़ा है, पर टिकट पर { $room } मिमी की ही जगह है: उसे छोटा कीजिए।
print-subtitle-on-cut = उपशीर्षक टिकटों के स्तंभों के बीच की कटाई पर छपेगा, जहाँ इस रूप में नीचे की पंक्ति नहीं है: उसे शीर्षक में डालिए, या टिकटों के एक स्तंभ वाला रूप चुनिए।
print-subtitle-near-edge = उपशीर्षक काग़ज़ के किनारे से { $distance } मिमी तक पहुँचता है, पर रंग के सिवा सब कुछ किनारे से { $safe } मिमी अंदर रहता है: उसे छोटा कीजिए।
print-right-to-left = { $what ->
    [subtitle] उपशीर्षक
   *[title] शीर्षक
} में दाएँ से बाएँ लिखे अक्षर (“{ $ch }”) हैं, जिन्हें housie उलटा छापेगा: उसे बाएँ से दाएँ लिखे अक्षरों में दीजिए।
print-unprintable = { $what ->
    [subtitle] उपशीर्षक
   *[title] शीर्षक
} में { $code } है, एक ऐसा अक्षर जो छप नहीं सकता: उसे हटाइए।
print-script = { $what ->
    [subtitle] उपशीर्षक
   *[title] शीर्षक
} { $script } लिपि (“{ $ch }”) में है, जिसे काग़ज़ के फ़ॉन्ट नहीं छापते: ऐसा फ़ॉन्ट अपलोड कीजिए जो इसे छापे, जैसे { $suggestion }।
print-missing-glyph = { $what ->
    [subtitle] उपशीर्षक
   *[title] शीर्षक
} में “{ $ch }” ({ $code }) है, जिसका अक्षर फ़ॉन्ट { $font } में नहीं है: ऐसा फ़ॉन्ट अपलोड कीजिए जिसमें वह हो।
print-font-unreadable = फ़ॉन्ट फ़ाइल ऐसा TrueType/OpenType फ़ॉन्ट नहीं है जिसे housie पढ़ सके।
print-font-broken = फ़ॉन्ट फ़ाइल ख़राब है ({ $reason }): फ़ॉन्ट की कोई दूसरी प्रति अपलोड कीजिए।
print-font-cid-keyed = इस फ़ॉन्ट की आकृतियाँ CID-keyed CFF हैं (जैसे चीनी, जापानी और कोरियाई OpenType फ़ॉन्ट की होती हैं), जिन्हें housie नहीं छापता: कोई TrueType फ़ॉन्ट (.ttf) चुनिए, जैसे WenQuanYi Zen Hei (Debian के fonts-wqy-zenhei में)।
settings-first-book = पहली किताब का नंबर कम से कम 1 होना चाहिए।
settings-past-largest = इससे किताबों के नंबर { $max } से आगे जाएँगे, जो किसी सीरियल में आने वाला सबसे बड़ा नंबर है।
settings-lang = `{ $lang }` ऐसी भाषा है जिसके शब्द housie के पास नहीं हैं; उसके पास ये हैं: { $have }।
settings-books-per-file = एक फ़ाइल में कम से कम 1 किताब होती है।
settings-games = एक बुकलेट में 1 से { $max } खेल होते हैं, { $games } नहीं।
settings-whole-booklets = { $books } किताबें { $games } खेलों की पूरी बुकलेटों में नहीं बँटतीं।
settings-booklet-start = पहली किताब { $first } है; { $games } खेलों के साथ बुकलेट किताब 1, { $second }, { $third }, … से शुरू होती है।
settings-split-games = जब हर खेल की अपनी फ़ाइल हो तो फ़ाइलें बाँटी नहीं जा सकतीं।
settings-order-needs-booklets = खेल दर खेल छापने के लिए खेलों की बुकलेट चाहिए।
settings-logo-height = लोगो { $min } से { $max } मिमी ऊँचा होता है, { $height } मिमी नहीं।
settings-bleed = ब्लीड { $bleed } मिमी है; वह 0 से { $max } मिमी के बीच होना चाहिए।
settings-impose-landscape = एक शीट पर दो पन्ने दो खड़े पन्नों को अगल-बगल रखता है, पर `{ $look }` रूप आड़ा है: उसके पन्ने जैसे हैं वैसे छापिए।
request-empty-seed = सीड ख़ाली है: कोई भी शब्द या अंक दीजिए, या ऐसे सीड के लिए जिसका कोई अनुमान न लगा सके, इसे छोड़ दीजिए।
request-continue-with-booklets = इस आयोजन के रन { $games } खेलों की बुकलेट हैं: किताबें नहीं, बुकलेट जोड़िए।
request-continue-with-books = इस आयोजन के रन अकेली किताबें हैं: बुकलेट नहीं, किताबें जोड़िए।
request-other-games = इस आयोजन की बुकलेटों में { $earlier } खेल हैं, { $asked } नहीं।
request-other-card = रूप `{ $look }` { $prints } कार्ड छापता है, { $asked } नहीं; housie का अपना रूप लेने के लिए रूप न दें, या ऐसा रूप दें जो { $asked } छापे
request-no-look = housie में एक शीट पर { $on } 75-बॉल फ़ेस का कोई रूप नहीं है (उसके रूप: bingo-1, bingo-2, bingo-3, bingo-4); अपना टेम्पलेट दें जिसके [layout] में card = "75-ball" और { $on } स्लॉट हों
request-no-strips = स्ट्रिप तीन 75-बॉल फ़ेस की शीट होती हैं, और यह रूप { $prints } कार्ड छापता है; --on 3 या 3-on रूप दें
request-too-many-books = { $games } खेलों की { $booklets } बुकलेट उतनी किताबों से ज़्यादा हैं जितनी housie गिनता है।
logo-unreadable = लोगो पढ़ा नहीं जा सका।
logo-too-big = लोगो फ़ाइल { $max } से बड़ी है: उसे छोटा करके सहेजिए (कुछ सेंटीमीटर ऊँचे लोगो के लिए कुछ सौ किलोबाइट काफ़ी हैं)।
logo-not-an-image = लोगो PNG या JPEG चित्र नहीं है।
logo-not-an-image-but = लोगो PNG या JPEG चित्र नहीं है (यह { $found } लगता है): उसे PNG या JPEG में सहेजिए।
logo-too-many-pixels = लोगो { $width } × { $height } पिक्सेल का है; housie एक तरफ़ { $max } तक लेता है: उसे छोटा करके सहेजिए।
logo-damaged = लोगो का चित्र ख़राब है: उसे बनाने वाले प्रोग्राम से फिर से सहेजिए।
logo-low-resolution = { $height } मिमी ऊँचा लोगो { $ppi } पिक्सेल प्रति इंच पर छपेगा, जो प्रिंटर के लिए ज़रूरी { $min } से कम है: बड़ा चित्र लीजिए या उसे छोटा छापिए।
logo-changed = यह लोगो वह चित्र नहीं है जिससे इस आयोजन के रन बने थे।
logo-colour = लोगो के रंग छपाई के लिए बदले नहीं जा सके: उसे सादे RGB में सहेजिए।
print-logo-too-high = लोगो { $asked } मिमी ऊँचा है, पर { $band ->
    [header] ऊपर की पट्टी
   *[footer] नीचे की पट्टी
} में { $area } मिमी जगह है: उसे छोटा कीजिए, या ज़्यादा जगह वाला रूप चुनिए।
print-logo-overlaps = लोगो { $width } मिमी चौड़ा है और “{ $text }” को ढक देगा: उसे छोटा कीजिए या दूसरी तरफ़ रखिए।
print-logo-on-cut = लोगो टिकटों के बीच की कटाई पर छपेगा: उसे ऊपर या नीचे की पट्टी वाले रूप में रखिए।
print-logo-near-edge = लोगो काग़ज़ के किनारे से { $distance } मिमी तक पहुँचता है, पर रंग के सिवा सब कुछ किनारे से { $safe } मिमी अंदर रहता है: उसे छोटा कीजिए या खिसकाइए।
print-player-url-missing = `{ $look }` रूप खिलाड़ियों के फ़ोन के लिए QR कोड छापता है: वह पता दीजिए जो फ़ोन खोलते हैं (जैसे http://192.168.1.20:8080)।
print-player-url-too-long = खिलाड़ियों के फ़ोन का पता, { $link }, { $chars } अक्षरों का है: इस रूप के QR कोड के लिए बहुत लंबा; छोटा पता दीजिए।
player-url-long = खिलाड़ियों के फ़ोन का पता बहुत लंबा है; टिकट का QR कोड छोटा पता ही रखता है।
player-url-no-scheme = खिलाड़ियों के फ़ोन के पते के आगे http:// नहीं है; उसे वैसे लिखिए जैसे फ़ोन खोलते हैं, जैसे http://192.168.1.20:8080।
player-url-not-an-address = खिलाड़ियों के फ़ोन का पता वेब पता नहीं है; उसे वैसे लिखिए जैसे फ़ोन खोलते हैं, जैसे http://192.168.1.20:8080।
player-url-not-http = खिलाड़ियों के फ़ोन का पता http:// या https:// पता नहीं है।
player-url-no-host = खिलाड़ियों के फ़ोन का पता किसी कंप्यूटर का नाम नहीं लेता; जैसे http://192.168.1.20:8080।
player-url-port = खिलाड़ियों के फ़ोन के पते में पोर्ट 0 है, जिस तक कोई फ़ोन नहीं पहुँचता; वह पोर्ट दीजिए जिस पर housie चलता है।
player-url-password = खिलाड़ियों के फ़ोन के पते में उपयोगकर्ता नाम या पासवर्ड है, जो हर टिकट पर छप जाएगा।
player-url-path = खिलाड़ियों के फ़ोन के पते में कंप्यूटर और पोर्ट से ज़्यादा है; सिर्फ़ पता दीजिए।
note-colour-to-trim = रंग कटाई तक जाता है पर ब्लीड नहीं है: गिलोटिन के बाद सफ़ेद पट्टी दिख सकती है; प्रिंट की दुकान के लिए 3 मिमी ब्लीड जोड़िए।
note-cut-too-close = कुछ लिखा कटाई से { $nearest } मिमी पर है, जबकि { $safe } मिमी सुरक्षित है (यह रूप टिकटों के बीच { $gap } मिमी छोड़ता है): गिलोटिन उसे काट सकता है।
note-logo-resolution = { $height } मिमी ऊँचा लोगो { $ppi } पिक्सेल प्रति इंच पर छपता है; { $good } या ज़्यादा पर वह साफ़ छपता है।
note-logo-lower = लोगो { $asked } मिमी ऊँचा माँगा गया था और { $printed } मिमी ऊँचा छपा है, जितना उसकी जगह में आता है।
verify-summary = { $books } किताबें, { $tickets } टिकट, { $files } फ़ाइलें जाँचीं; { $regenerated ->
    [yes] सीड से फिर से बनाकर बाइट-दर-बाइट मिलाया।
   *[no] फिर से नहीं बनाया।
}
verify-summary-faces = { $books } शीट, { $tickets } कार्ड, { $files } फ़ाइलें जाँचीं; { $regenerated ->
    [yes] सीड से फिर से बनाकर बाइट-दर-बाइट मिलाया।
   *[no] फिर से नहीं बनाया।
}
verify-hash = { $file } वह फ़ाइल नहीं है जो रन ने दर्ज की थी (उसका SHA-256 अलग है)।
verify-file-missing = { $file } नहीं है।
verify-template = रन में दर्ज रूप अपने ही चेकसम से मेल नहीं खाता।
verify-font = फ़ॉन्ट { $font } वह नहीं है जिससे रन बना था।
verify-manifest-differs = manifest.csv की पंक्ति { $line } सीड से फिर बनी सूची से अलग है (जाली या बदले गए टिकट)।
verify-record-differs = run.json की पंक्ति { $line } सीड से फिर बने रिकॉर्ड से अलग है।
verify-pdf-differs = { $file } सीड से फिर बनी PDF से अलग है।
verify-file-differs = { $file } रन में दर्ज फ़ाइल से अलग है।
verify-ticket-count = manifest.csv में { $rows } टिकट हैं, पर run.json { $tickets } कहता है।
verify-detail = { $detail }
zip-not-a-zip = यह zip फ़ाइल नहीं है: housie की बनाई zip, या रन का फ़ोल्डर डालिए।
zip-too-many-files = zip में { $files } फ़ाइलें हैं; एक रन में ज़्यादा से ज़्यादा { $max } होती हैं।
zip-twice = zip में `{ $name }` दो बार है: इसे housie ने नहीं बनाया।
zip-damaged = zip ख़राब है ({ $reason }): उसे फिर से डाउनलोड कीजिए।
zip-too-large = zip खुलकर { $max } से बड़ी होती है: कोई रन इतना बड़ा नहीं होता।
zip-outside = zip अपने फ़ोल्डर के बाहर की फ़ाइल का नाम लेती है (`{ $name }`): इसे housie ने नहीं बनाया।
zip-folders = zip में एक से ज़्यादा फ़ोल्डर हैं: एक बार में एक रन डालिए।
page-not-a-run-file = `{ $name }` किसी रन की फ़ाइल नहीं है।
page-verify-after = यह रन पहले के एक रन में जोड़ता है: दोनों फ़ोल्डर साथ रखकर housie प्रोग्राम से जाँचिए (`housie verify`)।
page-night-after = यह रन पहले के एक रन में जोड़ता है: इसकी रात housie प्रोग्राम से खेलिए (फ़ोल्डर पर `housie serve`), जो आयोजन के हर रन को एक साथ खेलता है।
page-night-log-refused = इस रात का लॉग आगे नहीं चलाया जा सकता: { $detail }
page-night-no-phones = खिलाड़ियों के फ़ोन के लिए housie प्रोग्राम चाहिए: यह रात ब्राउज़र के एक टैब में है
page-desk-kept = यह डेस्क इसी ब्राउज़र टैब में चलती है, और रात हर बदलाव के बाद इसी कंप्यूटर के इस ब्राउज़र में रखी जाती है।
page-desk-download-log = रात का लॉग डाउनलोड करें (night.jsonl)
page-desk-phones = खिलाड़ियों के फ़ोन के लिए housie प्रोग्राम चाहिए: night.jsonl को रन के फ़ोल्डर में run.json के पास रखें और उस फ़ोल्डर पर `housie serve` चलाएँ; वह यह रात सँभाल लेगा और यहीं से आगे चलेगा।
page-desk-may-clear = जगह कम पड़ने पर यह ब्राउज़र रखी हुई चीज़ें मिटा सकता है: हर खेल के बाद रात का लॉग डाउनलोड करें।
page-desk-not-kept = इस ब्राउज़र ने रात का पिछला बदलाव नहीं रखा ({ $why }): अभी रात का लॉग डाउनलोड करें और उसे रखें।
page-desk-no-engine = housie इस ब्राउज़र में शुरू नहीं हो सका ({ $why })।
page-desk-no-night = यह ब्राउज़र ऐसी कोई रात नहीं रखता: आयोजन के पन्ने से कॉलर की डेस्क खोलें।
page-desk-taken = इस रात की डेस्क इस ब्राउज़र के किसी दूसरे टैब या विंडो में खुली है: वही इस्तेमाल करें। एक रात की एक डेस्क हर कॉल को एक ही क्रम में रखती है।
page-desk-unreadable = यह ब्राउज़र अपनी रखी हुई रात नहीं पढ़ सका ({ $why })।
page-desk-refused = यह रात खोली नहीं जा सकती: { $why }
page-top-up-after = यह रन पहले के एक रन में जोड़ता है: पूरे आयोजन में housie प्रोग्राम से जोड़िए (`housie generate --after`)।
page-no-record = run.json नहीं है: पूरा रन डालिए (housie की बनाई zip, या उसका फ़ोल्डर)।
page-record-unreadable = run.json पढ़ी नहीं जा सकती ({ $detail })।
form-paper-lang = काग़ज़ पर छपे शब्दों की भाषा
file-print = टिकट: यह प्रिंट की दुकान को दीजिए
file-proof = पहली किताबें: पूरी छपाई से पहले इन्हें जाँचिए
file-manifest = हर टिकट के नंबर उसके सीरियल से, खेल की रात के लिए: इसे निजी रखिए
file-record = रन का रिकॉर्ड और उसका सीड: खेल की रात ख़त्म होने तक इसे निजी रखिए (जिसके पास यह हो वह हर टिकट बना सकता है), फिर इससे कोई भी रन जाँच सकता है
file-carried = रन के साथ रखी गई, ताकि फ़ोल्डर कहीं भी जाए, रन जाँचा जा सके
settings-prizes = `{ $prizes }` housie का कोई इनाम-सेट नहीं है ({ $names })।
settings-currency = `{ $currency }` किसी मुद्रा का कोड नहीं है: उसके तीन अक्षर दीजिए (GBP, INR, EUR, USD…)।
