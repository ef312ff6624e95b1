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
calls-one = { $count } नंबर बुलाया गया
calls-other = { $count } नंबर बुलाए गए
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

## बोर्ड
board-title = housie · बोर्ड
board-description = आज रात बुलाए गए नंबर, हॉल के लिए
before-it = उससे पहले
calls-before = पिछले नंबर से पहले के नंबर
grid-label = 1 से 90 तक के नंबर (बुलाए गए मोटे और घेरे में)
called = { $number }, बुलाया गया
seed-revealed = ड्रॉ का बीज, अब खुला:
seed-fixed = ड्रॉ तय है: उसके बीज का SHA-256
join-qr = नीचे दिए पते का QR कोड
join-follow = अपना टिकट अपने फ़ोन पर देखें:
join-local = (यह पता सिर्फ़ इसी कंप्यूटर से खुलता है: housie serve को --listen 0.0.0.0:8090 के साथ चलाएँ)
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
catch-up-one = पीछे का मिलाएँ: इस पन्ने के खुलने से पहले बुलाया गया 1 नंबर निशान लगाएँ
catch-up-other = पीछे का मिलाएँ: इस पन्ने के खुलने से पहले बुलाए गए { $count } नंबर निशान लगाएँ
claim-sent = आपका दावा कॉलर के पास है। कॉलर के जाँचने तक अपना टिकट जैसा है वैसा ही रखें।
claim-waiting = { $serial } का आपका दावा कॉलर के पास है।
claim-again = housie ने जवाब नहीं दिया: फिर से दावा करें
verdict-stands-for = { $prizes } के लिए आपका दावा सही है।
verdict-missed = चूक गए: आपका टिकट यह पहले के किसी नंबर पर पूरा कर चुका था।
verdict-incomplete = अभी पूरा नहीं हुआ।
verdict-other = यह जीतने वाला दावा नहीं है।
verdict-barred = बोगी नियम के तहत यह टिकट इस खेल में अब कोई दावा नहीं कर सकता।
