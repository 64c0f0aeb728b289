footer = Réservé avec slotbook
not-found-title = Page introuvable
not-found-body = Il n’y a rien à cette adresse. Le lien est peut-être ancien, ou la page a été supprimée.
error-title = Une erreur s’est produite
link-gone-title = Ce lien n’est plus valable
not-saved = La réservation n’a pas pu être enregistrée. Veuillez réessayer.
not-loaded = La page n’a pas pu être chargée. Veuillez réessayer.

language = Langue
change-language = Changer de langue

landing-empty = Il n’y a rien à réserver ici pour le moment.
events-heading = Choisissez un rendez-vous

host = Hôte
duration = Durée
location = Lieu
previous-month = Mois précédent
next-month = Mois suivant
today = aujourd’hui
chosen = sélectionné
clock-change = changement d’heure ce jour-là
clock-change-legend = L’heure change les jours marqués (heure d’été).
time-zone = Fuseau horaire
show-times = Afficher les horaires
zone-locked = Les horaires sont affichés dans le fuseau horaire de l’hôte
clock = Format horaire
clock-12 = 12 heures
clock-24 = 24 heures
duration-choice = Durée
no-times-day = Aucun horaire n’est libre ce jour-là. Veuillez choisir un autre jour.
no-times-month = Aucun horaire n’est libre ce mois-ci.
times-heading = Horaires disponibles
seats-left = { $count ->
    [one] { $count } place restante
   *[other] { $count } places restantes
}
times-announcement = { $count ->
    [0] { $month }, { $day } : aucun horaire
    [one] { $month }, { $day } : 1 horaire
   *[other] { $month }, { $day } : { $count } horaires
}

form-heading = Vos coordonnées
change-time = Changer d’horaire
required = obligatoire
errors-heading = Veuillez vérifier le formulaire
website = Site web
held-until = Réservé pour vous jusqu’à { $time }
confirm-booking = Confirmer la réservation
confirm-new-time = Confirmer le nouvel horaire
time-gone = Cet horaire n’est plus disponible. Veuillez en choisir un autre.
duration-not-offered = Cette durée n’est pas proposée ; la durée par défaut est affichée.
not-a-date = « { $text } » n’est pas une date ; le premier jour avec des horaires est affiché.
not-a-month = « { $text } » n’est pas un mois ; le premier mois avec des horaires est affiché.
not-a-zone = « { $text } » n’est pas un fuseau horaire ; les horaires sont affichés en { $zone }.
clocks-change = L’heure change ce jour-là en { $zone } : de { $before } à { $after }.
out-of-office = { $host } est absent(e) du { $start } au { $end }
book-with = Réserver avec { $teammate }

date-span = { $date }, { $start } – { $end }

hours = { $count ->
    [one] { $count } heure
   *[other] { $count } heures
}
minutes = { $count ->
    [one] { $count } minute
   *[other] { $count } minutes
}
listed = { $first }, { $rest }
hours-minutes = { $hours } { $minutes }

in-person = En personne
in-person-guest = En personne, à votre adresse
phone-call = Appel téléphonique
phone-guest = Appel téléphonique : l’hôte vous appelle
custom-location = Autre lieu
online-meeting = Réunion en ligne
phone-call-to-host = Appel téléphonique : { $number }
phone-call-to-attendee = Appel téléphonique au { $number }
payment = Paiement
alternatives = { $first } ou { $rest }
field-name = Votre nom
field-email = Votre adresse e-mail
field-message = Quel est l’objet de ce rendez-vous ?
field-cancellation-reason = Motif de l’annulation
field-cancellation-placeholder = Pourquoi annulez-vous ?
field-rescheduling-reason = Motif du report
field-rescheduling-placeholder = Indiquez pourquoi vous devez reporter
field-guests = Invités supplémentaires
field-phone = Votre numéro de téléphone
field-payment = Moyen de paiement
field-address = Votre adresse
guests-help = Une adresse e-mail par ligne
guests-help-group = Un invité par ligne, sous la forme : Nom <email@example.org>
reason-word = motif
reason-label = Motif : { $label }

occurrences = Séances
series-dates = { $count ->
    [one] { $count } date
   *[other] { $count } dates
}
repeats-every = { $unit ->
    [week] { $interval ->
        [one] Se répète chaque semaine
       *[other] Se répète toutes les { $interval } semaines
    }
    [month] { $interval ->
        [one] Se répète chaque mois
       *[other] Se répète tous les { $interval } mois
    }
   *[day] { $interval ->
        [one] Se répète chaque jour
       *[other] Se répète tous les { $interval } jours
    }
}

add-google = Ajouter à Google Agenda
add-outlook = Ajouter à Outlook
download-ics = Télécharger le fichier .ics
join-video = Rejoindre l’appel vidéo
series-heading = Dates de cette série
scope-this = Cette date uniquement
scope-following = Cette date et toutes les suivantes
series-cancelled = Annulée
reschedule = Reporter
cancel = Annuler
book-again = Réserver un autre horaire
when = Quand
event = Rendez-vous
attendee = Participant
status-scheduled = Réservation confirmée
status-pending = Demande de réservation envoyée
status-cancelled = Réservation annulée
status-rejected = Réservation refusée
status-completed = Réservation terminée
status-no-show = Réservation marquée comme manquée
status-other = Réservation

cancel-heading = Annuler cette réservation
reason = Motif
cancel-button = Annuler la réservation
keep-booking = Conserver la réservation
reschedule-heading = Choisissez un nouvel horaire
current-time = Réservé actuellement
erase-data = Effacer mes données
erase-explained = Vos nom, adresse e-mail, numéro de téléphone, notes, réponses et invités seront effacés de cette réservation. Une réservation qui n’a pas encore eu lieu est d’abord annulée, et son hôte en est informé.
erase-confirm = Je comprends que cette action est irréversible
data-erased = Vos données ont été effacées
data-erased-explained = Plus rien de ce que vous avez saisi n’est conservé avec cette réservation, et ses liens ne fonctionnent plus.
back-to-booking = Retour à votre réservation

waitlist-heading = Complet ? Attendez une place
join-waitlist = S’inscrire sur la liste d’attente
name = Nom
email = E-mail
waitlist-note = Si l’un de ces horaires se libère, la première personne de la liste reçoit un e-mail et la place lui est réservée.
offer-heading = Une place s’est libérée
book-this-time = Réserver cet horaire
offer-expired = Cette offre a expiré
offer-used = Cette offre a déjà été utilisée.
offer-gone = Cette place ne vous est plus réservée.
leave-waitlist = Quitter la liste d’attente
joined-heading = Vous êtes inscrit(e) sur la liste d’attente
left-heading = Vous avez quitté la liste d’attente
waitlist-place-heading = Votre place sur la liste d’attente
offered-line = Une place vous est réservée : l’e-mail que nous vous avons envoyé contient le lien pour la réserver.
booked-line = Vous avez réservé cet horaire depuis la liste d’attente.
expired-line = La place qui vous était proposée n’a pas été réservée à temps.
removed-line = L’hôte a retiré cette inscription de la liste d’attente.
waitlist-position = Vous êtes numéro { $position } dans la file.

# The emails, SMS texts and .ics summary (DESIGN 2.9): smart codes are the variables the
# sender fills in; a template the host changed is sent as written.
email-booking-conf-attendee-subject = Confirmation de réservation : { $host_name } et { $guest_full_name }
email-booking-conf-attendee-body = <p>Bonjour { $guest_first_name },</p><p>Votre rendez-vous « { $event_name } » avec { $host_name } est confirmé.</p><p><strong>Quand :</strong> { $when_guest }<br><strong>Où :</strong> { $where }</p><p><a href="{ $reschedule_url }">Reporter</a> ou <a href="{ $cancel_url }">annuler</a></p>
sms-booking-conf-attendee = Confirmé : { $event_name } avec { $host_name }, { $start_guest }. Modifier ou annuler : { $manage_url }
email-booking-conf-host-subject = Nouvelle réservation : { $guest_full_name }, { $start_host }
email-booking-conf-host-body = <p>{ $guest_full_name } ({ $guest_email }) a réservé « { $event_name } » avec vous.</p><p><strong>Quand :</strong> { $when_host }</p><p>Note : { $guest_note }</p><p><a href="{ $admin_url }">Ouvrir la réservation</a></p>
sms-booking-conf-host = Nouvelle réservation : { $guest_full_name }, { $event_name }, { $start_host }
email-reminder-to-attendee-subject = Rappel de votre rendez-vous avec { $host_name }, { $start_guest }
email-reminder-to-attendee-body = <p>Bonjour { $guest_first_name },</p><p>Petit rappel : votre rendez-vous « { $event_name } » avec { $host_name } commence { $when_guest }.</p><p><strong>Où :</strong> { $where }</p><p><a href="{ $reschedule_url }">Reporter</a> ou <a href="{ $cancel_url }">annuler</a></p>
sms-reminder-to-attendee = Rappel : { $event_name } avec { $host_name }, { $start_guest }
email-reminder-to-host-subject = Rappel du rendez-vous avec { $guest_full_name }, { $start_host }
email-reminder-to-host-body = <p>Petit rappel : « { $event_name } » avec { $guest_full_name } commence { $when_host }.</p><p><a href="{ $admin_url }">Ouvrir la réservation</a></p>
sms-reminder-to-host = Rappel : { $event_name } avec { $guest_full_name }, { $start_host }
email-cancelled-by-attendee-subject = Une réservation avec { $guest_full_name } a été annulée
email-cancelled-by-attendee-body = <p>{ $guest_full_name } a annulé « { $event_name } » du { $when_host }.</p><p>Motif : { $cancel_reason }</p>
sms-cancelled-by-attendee = { $guest_full_name } a annulé { $event_name } du { $start_host }
email-cancelled-by-host-subject = Votre réservation avec { $host_name } a été annulée
email-cancelled-by-host-body = <p>Bonjour { $guest_first_name },</p><p>{ $host_name } a annulé votre rendez-vous « { $event_name } » du { $when_guest }.</p><p>Motif : { $cancel_reason }</p>
sms-cancelled-by-host = { $host_name } a annulé votre rendez-vous { $event_name } du { $start_guest }
email-rescheduled-by-attendee-subject = Une réservation avec { $guest_full_name } a été reportée
email-rescheduled-by-attendee-body = <p>{ $guest_full_name } a déplacé « { $event_name } » au { $when_host } (auparavant { $previous_host }).</p><p>Motif : { $reschedule_reason }</p>
sms-rescheduled-by-attendee = { $guest_full_name } a déplacé { $event_name } au { $start_host }
email-rescheduled-by-host-subject = Votre réservation avec { $host_name } a été reportée
email-rescheduled-by-host-body = <p>Bonjour { $guest_first_name },</p><p>{ $host_name } a déplacé votre rendez-vous « { $event_name } » au { $when_guest } (auparavant { $previous_guest }).</p><p><a href="{ $reschedule_url }">Reporter</a> ou <a href="{ $cancel_url }">annuler</a></p>
sms-rescheduled-by-host = { $host_name } a déplacé votre rendez-vous { $event_name } au { $start_guest }
email-booking-request-host-subject = En attente de validation : { $guest_full_name }, { $start_host }
email-booking-request-host-body = <p>{ $guest_full_name } ({ $guest_email }) souhaite réserver « { $event_name } » le { $when_host }.</p><p><a href="{ $confirm_url }">Confirmer</a> ou <a href="{ $reject_url }">refuser</a></p>
sms-booking-request-host = { $guest_full_name } souhaite réserver { $event_name } le { $start_host }
email-booking-request-attendee-subject = Demande envoyée : rendez-vous entre { $host_name } et { $guest_full_name }
email-booking-request-attendee-body = <p>Bonjour { $guest_first_name },</p><p>Votre demande pour « { $event_name } » avec { $host_name } le { $when_guest } attend la confirmation de l’hôte. Vous recevrez un e-mail dans tous les cas.</p><p><a href="{ $cancel_url }">Retirer la demande</a></p>
sms-booking-request-attendee = Demande envoyée : { $event_name } avec { $host_name }, { $start_guest }. Vous aurez une réponse.
email-declined-by-host-subject = Réservation refusée : { $host_name } a refusé votre demande
email-declined-by-host-body = <p>Bonjour { $guest_first_name },</p><p>{ $host_name } a refusé votre demande pour « { $event_name } » le { $when_guest }.</p><p>Motif : { $reject_reason }</p>
sms-declined-by-host = { $host_name } a refusé votre demande pour { $event_name } le { $start_guest }
ics-summary = { $event } avec { $host }
ics-summary-group = { $event } ({ $count ->
    [one] { $count } participant
   *[other] { $count } participants
})

# Les e-mails de la liste d’attente et le lien vers une réservation existante (DESIGN 2.12).
waitlist-joined-subject = Vous êtes sur la liste d’attente pour { $event }
waitlist-joined-lead = Vous êtes sur la liste d’attente pour { $event } : { $when }.
waitlist-joined-next = Si une place se libère, nous vous enverrons par e-mail un lien pour la réserver.
waitlist-joined-leave = Pour quitter la liste d’attente :
waitlist-offer-subject = Une place s’est libérée : { $event }
waitlist-offer-lead = Une place s’est libérée pour { $event } : { $when }.
waitlist-offer-held = Elle vous est réservée jusqu’à { $until }. Réservez-la ici :
booking-link-subject = Votre réservation pour { $event }
booking-link-lead = Vous avez déjà une réservation pour { $event } : { $when }.
booking-link-follow = Vous pouvez la consulter, la déplacer ou l’annuler ici :

rule-required = Veuillez remplir ce champ.
rule-email = Veuillez saisir une adresse e-mail valide.
rule-blocked = Cette adresse e-mail ne peut pas être utilisée pour réserver.
rule-too-long = Ce texte est trop long.
rule-choice = Veuillez choisir l’une des options proposées.
rule-number = Veuillez saisir un nombre.
rule-range = Cette valeur est en dehors de la plage autorisée.
rule-date = Veuillez saisir une date ou une heure valide.
rule-url = Veuillez saisir une adresse web commençant par https://.
rule-slug = Utilisez uniquement des lettres minuscules, des chiffres et des traits d’union.
rule-incorrect = Cette valeur n’est pas correcte.
rule-accepted = Veuillez confirmer.
rule-invalid = Cette valeur n’est pas valide.
refused-slot-taken = Ce créneau n’est plus disponible. Quelqu’un vient peut-être de le réserver.
refused-series = Certaines dates de cette série ne sont pas disponibles : { $dates }
refused-spam = Votre réservation n’a pas pu être acceptée.
refused-too-many = Trop de réservations depuis votre adresse. Veuillez patienter un instant, puis réessayer.
refused-too-many-holds = Trop de créneaux sont retenus depuis cette adresse. Attendez que l’un d’eux expire, puis réessayez.
refused-link-gone = Ce lien privé n’est plus valide.
refused-already-waitlisted = Vous êtes déjà sur la liste d’attente pour ce créneau.
refused-no-waitlist = Ce créneau n’a pas de liste d’attente.
refused-slot-free = Ce créneau est disponible. Réservez-le directement.
refused-attendee-limit = Vous avez déjà une réservation pour cet événement. Nous vous en avons envoyé le lien par e-mail.
refused-not-accepting = Désolé, l’hôte n’accepte pas de nouvelles réservations pour le moment.
refused-cannot-cancel = Désolé, cette réservation ne peut plus être annulée.
refused-cannot-reschedule = Désolé, cette réservation ne peut plus être déplacée.
refused-changed = Cette réservation ne peut plus être modifiée.
refused-other = Cela n’a pas fonctionné. Veuillez réessayer.
