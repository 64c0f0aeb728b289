footer = Gebucht mit slotbook
not-found-title = Seite nicht gefunden
not-found-body = Unter dieser Adresse gibt es nichts. Vielleicht ist der Link veraltet oder die Seite wurde entfernt.
error-title = Etwas ist schiefgelaufen
link-gone-title = Dieser Link ist nicht mehr gültig
not-saved = Die Buchung konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.
not-loaded = Die Seite konnte nicht geladen werden. Bitte versuchen Sie es erneut.

language = Sprache
change-language = Sprache ändern

landing-empty = Hier kann derzeit nichts gebucht werden.
events-heading = Termin auswählen

host = Gastgeber
duration = Dauer
location = Ort
previous-month = Vorheriger Monat
next-month = Nächster Monat
today = heute
chosen = ausgewählt
clock-change = an diesem Tag wird die Uhr umgestellt
clock-change-legend = An markierten Tagen wird die Uhr umgestellt (Sommerzeit).
time-zone = Zeitzone
show-times = Zeiten anzeigen
zone-locked = Die Zeiten werden in der Zeitzone des Gastgebers angezeigt
clock = Uhrzeit
clock-12 = 12 Stunden
clock-24 = 24 Stunden
duration-choice = Dauer
no-times-day = An diesem Tag sind keine Zeiten frei. Bitte wählen Sie einen anderen Tag.
no-times-month = In diesem Monat sind keine Zeiten frei.
times-heading = Freie Zeiten
seats-left = { $count ->
    [one] 1 Platz frei
   *[other] { $count } Plätze frei
}
times-announcement = { $count ->
    [0] { $month }, { $day }: keine Zeiten
    [one] { $month }, { $day }: 1 Zeit
   *[other] { $month }, { $day }: { $count } Zeiten
}

form-heading = Ihre Angaben
change-time = Zeit ändern
required = Pflichtfeld
errors-heading = Bitte prüfen Sie das Formular
website = Website
held-until = Für Sie reserviert bis { $time }
confirm-booking = Buchung bestätigen
confirm-new-time = Neue Zeit bestätigen
time-gone = Diese Zeit ist nicht mehr verfügbar. Bitte wählen Sie eine andere Zeit.
duration-not-offered = Diese Dauer wird nicht angeboten; angezeigt wird die Standarddauer.
not-a-date = „{ $text }“ ist kein Datum; angezeigt wird der erste Tag mit freien Zeiten.
not-a-month = „{ $text }“ ist kein Monat; angezeigt wird der erste Monat mit freien Zeiten.
not-a-zone = „{ $text }“ ist keine Zeitzone; die Zeiten werden in { $zone } angezeigt.
clocks-change = An diesem Tag wird die Uhr in { $zone } umgestellt: von { $before } auf { $after }.
out-of-office = { $host } ist vom { $start } bis zum { $end } nicht im Büro
book-with = Bei { $teammate } buchen

date-span = { $date }, { $start }–{ $end }

hours = { $count ->
    [one] 1 Stunde
   *[other] { $count } Stunden
}
minutes = { $count ->
    [one] 1 Minute
   *[other] { $count } Minuten
}
listed = { $first }, { $rest }
hours-minutes = { $hours } { $minutes }

in-person = Vor Ort
in-person-guest = Vor Ort, bei Ihnen
phone-call = Telefonat
phone-guest = Telefonat: Der Gastgeber ruft Sie an
custom-location = Eigener Ort
online-meeting = Online-Meeting
phone-call-to-host = Telefonat: { $number }
phone-call-to-attendee = Telefonat mit { $number }
payment = Zahlung
alternatives = { $first } oder { $rest }
field-name = Ihr Name
field-email = Ihre E-Mail-Adresse
field-message = Worum geht es bei diesem Termin?
field-cancellation-reason = Grund der Stornierung
field-cancellation-placeholder = Warum stornieren Sie?
field-rescheduling-reason = Grund der Verschiebung
field-rescheduling-placeholder = Teilen Sie mit, warum Sie verschieben müssen
field-guests = Weitere Gäste
field-phone = Ihre Telefonnummer
field-payment = Zahlungsart
field-address = Ihre Adresse
guests-help = Eine E-Mail-Adresse pro Zeile
guests-help-group = Ein Gast pro Zeile, so: Name <email@example.org>
reason-word = grund
reason-label = Grund: { $label }

occurrences = Termine
series-dates = { $count ->
    [one] 1 Termin
   *[other] { $count } Termine
}
repeats-every = { $unit ->
    [week] { $interval ->
        [one] Wiederholt sich jede Woche
       *[other] Wiederholt sich alle { $interval } Wochen
    }
    [month] { $interval ->
        [one] Wiederholt sich jeden Monat
       *[other] Wiederholt sich alle { $interval } Monate
    }
   *[day] { $interval ->
        [one] Wiederholt sich jeden Tag
       *[other] Wiederholt sich alle { $interval } Tage
    }
}

add-google = Zu Google Kalender hinzufügen
add-outlook = Zu Outlook hinzufügen
download-ics = .ics herunterladen
join-video = Videoanruf beitreten
series-heading = Termine dieser Serie
scope-this = Nur dieser Termin
scope-following = Dieser und alle späteren Termine
series-cancelled = Storniert
reschedule = Verschieben
cancel = Stornieren
book-again = Weitere Zeit buchen
when = Wann
event = Termin
attendee = Teilnehmer
status-scheduled = Buchung bestätigt
status-pending = Buchungsanfrage gesendet
status-cancelled = Buchung storniert
status-rejected = Buchung abgelehnt
status-completed = Buchung abgeschlossen
status-no-show = Buchung als versäumt markiert
status-other = Buchung

cancel-heading = Diese Buchung stornieren
reason = Grund
cancel-button = Buchung stornieren
keep-booking = Buchung behalten
reschedule-heading = Neue Zeit wählen
current-time = Derzeit gebucht
erase-data = Meine Daten löschen
erase-explained = Ihr Name, Ihre E-Mail-Adresse, Telefonnummer, Notizen, Antworten und Gäste werden aus dieser Buchung gelöscht. Eine Buchung, die noch nicht stattgefunden hat, wird zuerst storniert, und der Gastgeber wird benachrichtigt.
erase-confirm = Mir ist klar, dass dies nicht rückgängig gemacht werden kann
data-erased = Ihre Daten wurden gelöscht
data-erased-explained = Von Ihren Angaben wird bei dieser Buchung nichts mehr gespeichert, und ihre Links funktionieren nicht mehr.
back-to-booking = Zurück zu Ihrer Buchung

waitlist-heading = Ausgebucht? Auf einen Platz warten
join-waitlist = Auf die Warteliste
name = Name
email = E-Mail
waitlist-note = Wird eine dieser Zeiten frei, erhält die erste Person auf der Liste eine E-Mail, und der Platz wird für sie reserviert.
offer-heading = Ein Platz ist frei
book-this-time = Diese Zeit buchen
offer-expired = Dieses Angebot ist abgelaufen
offer-used = Dieses Angebot wurde bereits genutzt.
offer-gone = Dieser Platz ist nicht mehr für Sie reserviert.
leave-waitlist = Warteliste verlassen
joined-heading = Sie stehen auf der Warteliste
left-heading = Sie haben die Warteliste verlassen
waitlist-place-heading = Ihr Platz auf der Warteliste
offered-line = Ein Platz ist für Sie reserviert: Den Link zum Buchen finden Sie in unserer E-Mail.
booked-line = Sie haben diese Zeit über die Warteliste gebucht.
expired-line = Der Ihnen angebotene Platz wurde nicht rechtzeitig gebucht.
removed-line = Der Gastgeber hat diesen Eintrag von der Warteliste genommen.
waitlist-position = Sie sind Nummer { $position } in der Reihe.

# The emails, SMS texts and .ics summary (DESIGN 2.9): smart codes are the variables the
# sender fills in; a template the host changed is sent as written.
email-booking-conf-attendee-subject = Buchungsbestätigung: { $host_name } & { $guest_full_name }
email-booking-conf-attendee-body = <p>Hallo { $guest_first_name },</p><p>Ihr Termin „{ $event_name }“ mit { $host_name } ist bestätigt.</p><p><strong>Wann:</strong> { $when_guest }<br><strong>Wo:</strong> { $where }</p><p><a href="{ $reschedule_url }">Verschieben</a> oder <a href="{ $cancel_url }">stornieren</a></p>
sms-booking-conf-attendee = Bestätigt: { $event_name } mit { $host_name }, { $start_guest }. Ändern oder stornieren: { $manage_url }
email-booking-conf-host-subject = Neue Buchung: { $guest_full_name } am { $start_host }
email-booking-conf-host-body = <p>{ $guest_full_name } ({ $guest_email }) hat „{ $event_name }“ bei Ihnen gebucht.</p><p><strong>Wann:</strong> { $when_host }</p><p>Notiz: { $guest_note }</p><p><a href="{ $admin_url }">Buchung öffnen</a></p>
sms-booking-conf-host = Neue Buchung: { $guest_full_name }, { $event_name }, { $start_host }
email-reminder-to-attendee-subject = Erinnerung an Ihren Termin mit { $host_name } am { $start_guest }
email-reminder-to-attendee-body = <p>Hallo { $guest_first_name },</p><p>eine Erinnerung: Ihr Termin „{ $event_name }“ mit { $host_name } beginnt { $when_guest }.</p><p><strong>Wo:</strong> { $where }</p><p><a href="{ $reschedule_url }">Verschieben</a> oder <a href="{ $cancel_url }">stornieren</a></p>
sms-reminder-to-attendee = Erinnerung: { $event_name } mit { $host_name }, { $start_guest }
email-reminder-to-host-subject = Erinnerung an den Termin mit { $guest_full_name } am { $start_host }
email-reminder-to-host-body = <p>Eine Erinnerung: „{ $event_name }“ mit { $guest_full_name } beginnt { $when_host }.</p><p><a href="{ $admin_url }">Buchung öffnen</a></p>
sms-reminder-to-host = Erinnerung: { $event_name } mit { $guest_full_name }, { $start_host }
email-cancelled-by-attendee-subject = Eine Buchung mit { $guest_full_name } wurde storniert
email-cancelled-by-attendee-body = <p>{ $guest_full_name } hat „{ $event_name }“ am { $when_host } storniert.</p><p>Grund: { $cancel_reason }</p>
sms-cancelled-by-attendee = { $guest_full_name } hat { $event_name } am { $start_host } storniert
email-cancelled-by-host-subject = Ihre Buchung mit { $host_name } wurde storniert
email-cancelled-by-host-body = <p>Hallo { $guest_first_name },</p><p>{ $host_name } hat Ihren Termin „{ $event_name }“ am { $when_guest } storniert.</p><p>Grund: { $cancel_reason }</p>
sms-cancelled-by-host = { $host_name } hat Ihren Termin { $event_name } am { $start_guest } storniert
email-rescheduled-by-attendee-subject = Eine Buchung mit { $guest_full_name } wurde verschoben
email-rescheduled-by-attendee-body = <p>{ $guest_full_name } hat „{ $event_name }“ auf { $when_host } verschoben (vorher { $previous_host }).</p><p>Grund: { $reschedule_reason }</p>
sms-rescheduled-by-attendee = { $guest_full_name } hat { $event_name } auf { $start_host } verschoben
email-rescheduled-by-host-subject = Ihre Buchung mit { $host_name } wurde verschoben
email-rescheduled-by-host-body = <p>Hallo { $guest_first_name },</p><p>{ $host_name } hat Ihren Termin „{ $event_name }“ auf { $when_guest } verschoben (vorher { $previous_guest }).</p><p><a href="{ $reschedule_url }">Verschieben</a> oder <a href="{ $cancel_url }">stornieren</a></p>
sms-rescheduled-by-host = { $host_name } hat Ihren Termin { $event_name } auf { $start_guest } verschoben
email-booking-request-host-subject = Bestätigung erbeten: { $guest_full_name } am { $start_host }
email-booking-request-host-body = <p>{ $guest_full_name } ({ $guest_email }) möchte „{ $event_name }“ am { $when_host } buchen.</p><p><a href="{ $confirm_url }">Bestätigen</a> oder <a href="{ $reject_url }">ablehnen</a></p>
sms-booking-request-host = { $guest_full_name } möchte { $event_name } am { $start_host } buchen
email-booking-request-attendee-subject = Buchungsanfrage gesendet: Termin mit { $host_name } für { $guest_full_name }
email-booking-request-attendee-body = <p>Hallo { $guest_first_name },</p><p>Ihre Anfrage für „{ $event_name }“ mit { $host_name } am { $when_guest } wartet auf die Bestätigung des Gastgebers. Sie erhalten in jedem Fall eine E-Mail.</p><p><a href="{ $cancel_url }">Anfrage zurückziehen</a></p>
sms-booking-request-attendee = Anfrage gesendet: { $event_name } mit { $host_name }, { $start_guest }. Sie hören von uns.
email-declined-by-host-subject = Buchung abgelehnt: { $host_name } hat Ihre Anfrage abgelehnt
email-declined-by-host-body = <p>Hallo { $guest_first_name },</p><p>{ $host_name } hat Ihre Anfrage für „{ $event_name }“ am { $when_guest } abgelehnt.</p><p>Grund: { $reject_reason }</p>
sms-declined-by-host = { $host_name } hat Ihre Anfrage für { $event_name } am { $start_guest } abgelehnt
ics-summary = { $event } mit { $host }
ics-summary-group = { $event } ({ $count ->
    [one] 1 Teilnehmer
   *[other] { $count } Teilnehmer
})

# Die E-Mails der Warteliste und der Link zu einer bestehenden Buchung (DESIGN 2.12).
waitlist-joined-subject = Sie stehen auf der Warteliste für { $event }
waitlist-joined-lead = Sie stehen auf der Warteliste für { $event }: { $when }.
waitlist-joined-next = Wird ein Platz frei, senden wir Ihnen per E-Mail einen Link zum Buchen.
waitlist-joined-leave = So verlassen Sie die Warteliste:
waitlist-offer-subject = Ein Platz ist frei: { $event }
waitlist-offer-lead = Für { $event } ist ein Platz frei: { $when }.
waitlist-offer-held = Er ist bis { $until } für Sie reserviert. Hier buchen:
booking-link-subject = Ihre Buchung für { $event }
booking-link-lead = Sie haben bereits eine Buchung für { $event }: { $when }.
booking-link-follow = Hier können Sie sie ansehen, verschieben oder absagen:

rule-required = Bitte füllen Sie dieses Feld aus.
rule-email = Bitte geben Sie eine gültige E-Mail-Adresse ein.
rule-blocked = Diese E-Mail-Adresse kann für Buchungen nicht verwendet werden.
rule-too-long = Dieser Text ist zu lang.
rule-choice = Bitte wählen Sie eine der angebotenen Möglichkeiten.
rule-number = Bitte geben Sie eine Zahl ein.
rule-range = Dieser Wert liegt außerhalb des erlaubten Bereichs.
rule-date = Bitte geben Sie ein gültiges Datum bzw. eine gültige Uhrzeit ein.
rule-url = Bitte geben Sie eine Webadresse ein, die mit https:// beginnt.
rule-slug = Bitte verwenden Sie nur Kleinbuchstaben, Ziffern und Bindestriche.
rule-incorrect = Diese Angabe ist nicht korrekt.
rule-accepted = Bitte bestätigen Sie dies.
rule-invalid = Dieser Wert ist ungültig.
refused-slot-taken = Diese Zeit ist nicht mehr frei. Vielleicht hat sie gerade jemand anderes gebucht.
refused-series = Einige Termine dieser Serie sind nicht frei: { $dates }
refused-spam = Ihre Buchung konnte nicht angenommen werden.
refused-too-many = Zu viele Buchungen von Ihrer Adresse. Bitte warten Sie einen Moment und versuchen Sie es erneut.
refused-too-many-holds = Von dieser Adresse werden zu viele Zeiten vorgemerkt. Bitte warten Sie, bis eine davon abläuft, und versuchen Sie es erneut.
refused-link-gone = Dieser private Link ist nicht mehr gültig.
refused-already-waitlisted = Sie stehen für diese Zeit bereits auf der Warteliste.
refused-no-waitlist = Für diese Zeit gibt es keine Warteliste.
refused-slot-free = Diese Zeit ist frei. Buchen Sie sie stattdessen direkt.
refused-attendee-limit = Sie haben für diesen Termin bereits eine Buchung. Wir haben Ihnen den Link dazu per E-Mail geschickt.
refused-not-accepting = Der Gastgeber nimmt derzeit leider keine neuen Buchungen an.
refused-cannot-cancel = Diese Buchung kann leider nicht mehr storniert werden.
refused-cannot-reschedule = Diese Buchung kann leider nicht mehr verschoben werden.
refused-changed = Diese Buchung kann nicht mehr geändert werden.
refused-other = Das hat leider nicht geklappt. Bitte versuchen Sie es erneut.
