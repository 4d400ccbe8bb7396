package auditdesign

import (
	"fmt"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
)

// State is a review sheet's state (spec 001 §4). 2 (revoked) and any value not listed are
// waiting: the sheet may be claimed.
type State int

// The states of a review sheet.
const (
	StateWaiting  State = 0
	StateAuditing State = 1 // claimed
	StateRevoked  State = 2
	StateRejected State = 3
	StateSentBack State = 4
	StatePassed   State = 5
	StateVoided   State = 6
)

// Normal answers the state as the table reads it: 2 and any unknown value are waiting.
func (s State) Normal() State {
	switch s {
	case StateAuditing, StateRejected, StateSentBack, StatePassed, StateVoided:
		return s
	}
	return StateWaiting
}

// LogCode is an operation log's code (spec 001 §4).
type LogCode int

// The operation log codes.
const (
	LogCreate   LogCode = 0
	LogRevoke   LogCode = 1 // withdraw
	LogAssign   LogCode = 2
	LogClaim    LogCode = 3
	LogReject   LogCode = 4
	LogSendBack LogCode = 5
	LogVoid     LogCode = 6
	LogPass     LogCode = 7
	LogTransfer LogCode = 8
)

// Action is a move of a review sheet.
type Action string

// The actions of decision 0012's transition table.
const (
	ActClaim           Action = "claim"
	ActAssign          Action = "assign"
	ActTransfer        Action = "transfer"
	ActReject          Action = "reject"
	ActSendBack        Action = "sendback"
	ActPass            Action = "pass"
	ActDiscard         Action = "discard"
	ActRevoke          Action = "revoke"
	ActStartTaskDesign Action = "startTaskDesign"
)

// Actions lists every action, in the table's order.
var Actions = []Action{ActClaim, ActAssign, ActTransfer, ActReject, ActSendBack, ActPass, ActDiscard, ActRevoke, ActStartTaskDesign}

// Who says who besides a holder of the permission's may take an action.
type Who int

const (
	// Anyone holding the permission.
	Anyone Who = iota
	// ClaimerOnly: only the sheet's claimer.
	ClaimerOnly
	// ClaimerFromAuditing: only the claimer when the sheet is claimed (state 1); anyone
	// holding the permission from the other states (send back from passed).
	ClaimerFromAuditing
	// ClaimerOrCreator: the claimer or the order's creator (revoke).
	ClaimerOrCreator
	// ClaimerOrPermission: the claimer even without the permission, or a holder of it
	// (transfer: a reviewer hands on the sheet they claimed).
	ClaimerOrPermission
)

// Rule is one row of the transition table.
type Rule struct {
	From       []State
	To         State // for claim/assign/transfer the sheet is also claimed by someone
	Permission string
	Who        Who
	Log        LogCode
	NeedReason bool
}

// Table is decision 0012's transition table as data.
var Table = map[Action]Rule{
	ActClaim:           {From: []State{StateWaiting, StateSentBack}, To: StateAuditing, Permission: PermClaim, Who: Anyone, Log: LogClaim},
	ActAssign:          {From: []State{StateWaiting, StateSentBack}, To: StateAuditing, Permission: PermAssign, Who: Anyone, Log: LogAssign},
	ActTransfer:        {From: []State{StateAuditing}, To: StateAuditing, Permission: PermTransfer, Who: ClaimerOrPermission, Log: LogTransfer},
	ActReject:          {From: []State{StateAuditing}, To: StateRejected, Permission: PermReject, Who: ClaimerOnly, Log: LogReject, NeedReason: true},
	ActSendBack:        {From: []State{StateAuditing, StatePassed}, To: StateSentBack, Permission: PermSendBack, Who: ClaimerFromAuditing, Log: LogSendBack},
	ActPass:            {From: []State{StateAuditing}, To: StatePassed, Permission: PermPass, Who: ClaimerOnly, Log: LogPass},
	ActDiscard:         {From: []State{StateWaiting, StateAuditing, StateRejected, StateSentBack}, To: StateVoided, Permission: PermDiscard, Who: Anyone, Log: LogVoid},
	ActRevoke:          {From: []State{StateAuditing, StateRejected, StateSentBack}, To: StateRevoked, Permission: PermEdit, Who: ClaimerOrCreator, Log: LogRevoke},
	ActStartTaskDesign: {From: []State{StatePassed}, To: StatePassed, Permission: PermDownload, Who: Anyone, Log: -1},
}

// Sheet is what Check needs of a review sheet.
type Sheet struct {
	State          State
	ClaimedBy      *uuid.UUID
	OrderCreatorID *uuid.UUID
}

// Actor is who takes an action: the user and whether it holds the action's permission.
type Actor struct {
	UserID        uuid.UUID
	HasPermission bool
}

// Check answers nil when actor may take action on sheet, else the error the client sees:
// forbidden without the permission (or when someone else's claim stands in the way), a user
// error naming the state when the sheet's state does not allow it.
func Check(action Action, s Sheet, a Actor) error {
	r, ok := Table[action]
	if !ok {
		return apperr.User(KeyUnknownAction, string(action))
	}
	claimer := s.ClaimedBy != nil && *s.ClaimedBy == a.UserID
	if !a.HasPermission && (r.Who != ClaimerOrPermission || !claimer) {
		return apperr.WithKey(apperr.ErrForbidden, KeyForbidden)
	}
	st := s.State.Normal()
	if !allowedFrom(r, st) {
		return apperr.User(KeyStateNotAllowed, stateKey(st), actionKey(action))
	}
	switch r.Who {
	case ClaimerOnly:
		if !claimer {
			return apperr.User(KeyNotClaimer)
		}
	case ClaimerFromAuditing:
		if st == StateAuditing && !claimer {
			return apperr.User(KeyNotClaimer)
		}
	case ClaimerOrCreator:
		creator := s.OrderCreatorID != nil && *s.OrderCreatorID == a.UserID
		if !claimer && !creator {
			return apperr.User(KeyNotClaimerOrCreator)
		}
	}
	return nil
}

// Next answers the state action leads sheet to (after Check allowed it).
func Next(action Action, s Sheet) (State, error) {
	r, ok := Table[action]
	if !ok {
		return s.State, fmt.Errorf("next: unknown action %q", action)
	}
	return r.To, nil
}

func allowedFrom(r Rule, st State) bool {
	for _, f := range r.From {
		if f == st {
			return true
		}
	}
	return false
}
